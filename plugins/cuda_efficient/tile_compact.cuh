// Compaction on the work-efficient scan: count the kept elements of each tile, scan the counts
// into tile offsets (the total, read off that scan, is the count: no second pass over the
// data), then each tile scans its flags in shared memory, packs its kept elements there in
// order and writes them out contiguously.
#pragma once

#include <cstdint>

#include "blelloch_scan.cuh"
#include "parprim/cuda/count_kernels.cuh"

namespace parprim::cuda_efficient {

template <class T, class I, class Keep>
__global__ void __launch_bounds__(block_threads)
    tile_count(const T* in, I* counts, std::uint64_t n, Keep keep) {
  __shared__ I tree[padded(block_threads)];
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile_size;
  I kept = 0;
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {
    const std::uint64_t g = base + k * block_threads + threadIdx.x;
    if (g < n && keep(in[g])) ++kept;
  }
  blelloch_up_sweep(tree, kept);
  if (threadIdx.x == 0) counts[blockIdx.x] = blelloch_root(tree);
}

template <class T, class I, class Keep>
__global__ void __launch_bounds__(block_threads)
    tile_pack(const T* in, T* out, const I* offsets, std::uint64_t n, Keep keep) {
  __shared__ T data[padded(tile_size)];
  __shared__ unsigned tree[padded(block_threads)];
  const int t = threadIdx.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile_size;
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {
    const int i = k * block_threads + t;
    if (base + i < n) data[conflict_free(i)] = in[base + i];
  }
  __syncthreads();
  T items[items_per_thread];
  bool kept[items_per_thread];
  unsigned count = 0;
#pragma unroll
  for (int j = 0; j < items_per_thread; ++j) {
    const int i = t * items_per_thread + j;
    kept[j] = base + i < n && keep(items[j] = data[conflict_free(i)]);
    count += kept[j];
  }
  unsigned tile_kept;
  unsigned at = blelloch_exclusive(tree, count, tile_kept);  // all items read before any write
#pragma unroll
  for (int j = 0; j < items_per_thread; ++j)
    if (kept[j]) data[conflict_free(at++)] = items[j];
  __syncthreads();
  const std::uint64_t offset = offsets[blockIdx.x];
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {
    const int i = k * block_threads + t;
    if (i < static_cast<int>(tile_kept)) out[offset + i] = data[conflict_free(i)];
  }
}

template <class T, class I>
class tile_compaction {
 public:
  explicit tile_compaction(std::uint64_t n)
      : n_(n),
        tiles_(cuda::tiles_for(n, tile_size)),
        counts_(tiles_),
        offsets_(tiles_),
        scanner_(tiles_) {}

  template <class Keep>
  void run(const T* in, T* out, std::uint64_t* count, Keep keep, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const auto grid = static_cast<unsigned>(tiles_);
    tile_count<T, I><<<grid, block_threads, 0, stream>>>(in, counts_.get(), n_, keep);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_count");
    scanner_.scan(counts_.get(), offsets_.get(), tiles_, false, stream);
    cuda::count_from_exclusive_scan<<<1, 1, 0, stream>>>(offsets_.get(), counts_.get(), tiles_ - 1,
                                                         count);
    PARPRIM_CUDA_CHECK_LAUNCH("count_from_exclusive_scan");
    tile_pack<T, I><<<grid, block_threads, 0, stream>>>(in, out, offsets_.get(), n_, keep);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_pack");
  }

 private:
  std::uint64_t n_, tiles_;
  cuda::device_buffer<I> counts_, offsets_;
  blelloch_scanner<I> scanner_;
};

}  // namespace parprim::cuda_efficient
