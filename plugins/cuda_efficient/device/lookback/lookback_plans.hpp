// The plans of the `lookback` variants, compiled in a translation unit of their own
// (lookback_plans.cu) so that the plugin's kernels compile in parallel.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

/// A plan for a scan or compaction problem whose variant is `lookback`.
std::unique_ptr<plan> make_lookback_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n);

}  // namespace parprim::cuda_efficient
