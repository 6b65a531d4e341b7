// cuda_efficient's UTF-8 plans (issue 34): decoding in both forms and encoding, `lookback`.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

/// The decoding variant's parameter: tile_rows (0 by size, 1 or 2 rows a warp).
std::vector<param> utf8_decode_params();

std::unique_ptr<plan> make_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                     std::uint64_t n);

}  // namespace parprim::cuda_efficient
