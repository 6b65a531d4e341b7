// cuda_naive's UTF-8 plans (issue 34): the course write-up's decoder and encoder, variant
// `course` (utf8_expand_decode.cuh, utf8_pad_compact_encode.cuh).
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_naive {

std::unique_ptr<plan> make_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                     std::uint64_t n, unsigned block);

}  // namespace parprim::cuda_naive
