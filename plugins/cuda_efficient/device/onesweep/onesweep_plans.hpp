// The plans of the `onesweep` sort, compiled in a translation unit of their own
// (onesweep_plans.cu) so that the plugin's kernels compile in parallel.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

/// A plan for a sort problem whose variant is `onesweep`.
std::unique_ptr<plan> make_onesweep_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n);

}  // namespace parprim::cuda_efficient
