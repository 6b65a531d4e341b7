#include "parprim/cuda/l2_flush.hpp"

#include "parprim/cuda/check.hpp"

namespace parprim::cuda {

void l2_flush::write(cudaStream_t stream) {
  if (!buffer_) {
    int device = 0, l2 = 0;
    PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
    PARPRIM_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    bytes_ = 2 * std::uint64_t(l2);
    PARPRIM_CUDA_CHECK(cudaMalloc(&buffer_, bytes_));
  }
  // A different byte each time, though the L2 would be rewritten by the same one too.
  round_ = (round_ + 1) & 0xff;
  PARPRIM_CUDA_CHECK(cudaMemsetAsync(buffer_, round_, bytes_, stream));
}

}  // namespace parprim::cuda
