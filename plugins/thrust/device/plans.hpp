// The plan factories of the two variants, one per translation unit (Thrust and CUB each take a
// while to compile), and of each variant's UTF-8 operations (in each variant's family).
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::thrust_plugin {

std::unique_ptr<plan> make_thrust_plan(cuda::cuda_backend& backend, const problem& p,
                                       std::uint64_t n);
std::unique_ptr<plan> make_cub_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n);
std::unique_ptr<plan> make_thrust_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                            std::uint64_t n);
std::unique_ptr<plan> make_cub_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n);

}  // namespace parprim::thrust_plugin
