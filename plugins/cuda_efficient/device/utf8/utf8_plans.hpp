// cuda_efficient's UTF-8 plans (issue 34): decoding in both forms and encoding, `lookback`.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

std::unique_ptr<plan> make_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                     std::uint64_t n);

}  // namespace parprim::cuda_efficient
