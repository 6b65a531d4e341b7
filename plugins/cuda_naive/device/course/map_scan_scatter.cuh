// Compaction as the course builds it: map each element to a 0/1 flag, exclusive-scan the flags
// into output positions, scatter the kept elements there. The count is read off the scan.
#pragma once

#include <cstdint>

#include "device/course/naive_scan.cuh"
#include "parprim/cuda/count_kernels.cuh"
#include "parprim/cuda/device_buffer.hpp"

namespace parprim::cuda_naive {

template <class T, class I, class Keep>
__global__ void map_to_flags(const T* in, I* flags, std::uint64_t n, Keep keep) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    flags[i] = keep(in[i]) ? I(1) : I(0);
}

template <class T, class I>
__global__ void scatter_kept(const T* in, const I* flags, const I* positions, T* out,
                             std::uint64_t n) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    if (flags[i]) out[positions[i]] = in[i];
}

template <class T, class I>
class map_scan_scatter {
 public:
  map_scan_scatter(scan_variant v, std::uint64_t n, unsigned block)
      : n_(n), block_(block), flags_(n), positions_(n), scanner_(v, n, block) {}

  template <class Keep>
  void run(const T* in, T* out, std::uint64_t* count, Keep keep, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const unsigned blocks = cuda::grid_for(n_, block_);
    map_to_flags<<<blocks, block_, 0, stream>>>(in, flags_.get(), n_, keep);
    PARPRIM_CUDA_CHECK_LAUNCH("map_to_flags");
    scanner_.scan(flags_.get(), positions_.get(), n_, false, stream);
    scatter_kept<<<blocks, block_, 0, stream>>>(in, flags_.get(), positions_.get(), out, n_);
    PARPRIM_CUDA_CHECK_LAUNCH("scatter_kept");
    cuda::count_from_exclusive_scan<<<1, 1, 0, stream>>>(positions_.get(), flags_.get(), n_ - 1,
                                                         count);
    PARPRIM_CUDA_CHECK_LAUNCH("count_from_exclusive_scan");
  }

 private:
  std::uint64_t n_;
  unsigned block_;
  cuda::device_buffer<I> flags_, positions_;
  naive_scanner<I> scanner_;
};

}  // namespace parprim::cuda_naive
