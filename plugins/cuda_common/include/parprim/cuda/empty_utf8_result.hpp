// What a UTF-8 run on no input gives, for the CUDA plugins whose kernels would have nothing to
// do: no code points or bytes, and for the validate form no error (the first is at n = 0).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "parprim/cuda/check.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda {

inline void write_empty_utf8_result(const problem& p, const parprim_io& io, cudaStream_t stream) {
  PARPRIM_CUDA_CHECK(cudaMemsetAsync(io.count, 0, sizeof(std::uint64_t), stream));
  if (p.is_validation())
    PARPRIM_CUDA_CHECK(cudaMemsetAsync(io_first_error(io), 0, sizeof(std::uint64_t), stream));
}

}  // namespace parprim::cuda
