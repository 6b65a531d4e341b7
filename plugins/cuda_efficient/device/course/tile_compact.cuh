// Compaction on the work-efficient scan: count the kept elements of each tile, scan the counts
// into tile offsets (the total, read off that scan, is the count: no second pass over the
// data), then each tile scans its flags in shared memory, packs its kept elements there in
// order and writes them out contiguously.
//
// The block size is the variant's parameter (dynamic shared memory); each thread's items stay
// a compile-time count, compact_items, because tile_pack holds them in registers: it must read
// every item before any thread packs over them in place.
#pragma once

#include <cstdint>

#include "device/course/blelloch_scan.cuh"
#include "parprim/cuda/count_kernels.cuh"
#include "parprim/cuda/keep_predicate.cuh"

namespace parprim::cuda_efficient {

inline constexpr int compact_items = 8;

/// Dynamic shared memory: the tree (padded(blockDim.x) elements of I).
template <class T, class I, class Keep>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_count(const T* in, I* counts, std::uint64_t n, Keep keep) {
  I* tree = cuda::dynamic_shared<I>();
  const int threads = blockDim.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * threads * compact_items;
  I kept = 0;
#pragma unroll
  for (int k = 0; k < compact_items; ++k) {
    const std::uint64_t g = base + static_cast<std::uint64_t>(k) * threads + threadIdx.x;
    if (g < n && keep(in[g])) ++kept;
  }
  blelloch_up_sweep(tree, kept, threads);
  if (threadIdx.x == 0) counts[blockIdx.x] = blelloch_root(tree, threads);
}

/// Dynamic shared memory: the tile (padded(tile) elements of T), then the tree
/// (padded(blockDim.x) unsigned).
template <class T, class I, class Keep>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_pack(const T* in, T* out, const I* offsets, std::uint64_t n, Keep keep) {
  const int t = threadIdx.x, threads = blockDim.x, tile = threads * compact_items;
  T* data = cuda::dynamic_shared<T>();
  unsigned* tree = reinterpret_cast<unsigned*>(data + padded(tile));
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile;
#pragma unroll
  for (int k = 0; k < compact_items; ++k) {
    const int i = k * threads + t;
    if (base + i < n) data[conflict_free(i)] = in[base + i];
  }
  __syncthreads();
  T items[compact_items];
  bool kept[compact_items];
  unsigned count = 0;
#pragma unroll
  for (int j = 0; j < compact_items; ++j) {
    const int i = t * compact_items + j;
    kept[j] = base + i < n && keep(items[j] = data[conflict_free(i)]);
    count += kept[j];
  }
  unsigned tile_kept;
  unsigned at =
      blelloch_exclusive(tree, count, tile_kept, threads);  // all items read before any write
#pragma unroll
  for (int j = 0; j < compact_items; ++j)
    if (kept[j]) data[conflict_free(at++)] = items[j];
  __syncthreads();
  const std::uint64_t offset = offsets[blockIdx.x];
#pragma unroll
  for (int k = 0; k < compact_items; ++k) {
    const int i = k * threads + t;
    if (i < static_cast<int>(tile_kept)) out[offset + i] = data[conflict_free(i)];
  }
}

template <class T, class I>
class tile_compaction {
 public:
  /// `block_threads`: a power of two, 32 to 1024.
  tile_compaction(std::uint64_t n, int block_threads)
      : n_(n),
        shape_{block_threads, compact_items},
        tiles_(cuda::tiles_for(n, shape_.tile())),
        counts_(tiles_),
        offsets_(tiles_),
        scanner_(tiles_, tile_shape{}) {
    cuda::reserve_dynamic_shared(
        reinterpret_cast<const void*>(&tile_pack<T, I, cuda::keep_predicate<T>>), pack_bytes(),
        shape_.describe());
  }

  template <class Keep>
  void run(const T* in, T* out, std::uint64_t* count, Keep keep, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const auto grid = static_cast<unsigned>(tiles_);
    const auto threads = static_cast<unsigned>(shape_.block_threads);
    tile_count<T, I><<<grid, threads, padded(shape_.block_threads) * sizeof(I), stream>>>(
        in, counts_.get(), n_, keep);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_count");
    scanner_.scan(counts_.get(), offsets_.get(), tiles_, false, stream);
    cuda::count_from_exclusive_scan<<<1, 1, 0, stream>>>(offsets_.get(), counts_.get(), tiles_ - 1,
                                                         count);
    PARPRIM_CUDA_CHECK_LAUNCH("count_from_exclusive_scan");
    tile_pack<T, I><<<grid, threads, pack_bytes(), stream>>>(in, out, offsets_.get(), n_, keep);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_pack");
  }

 private:
  std::uint64_t pack_bytes() const {
    return padded(shape_.tile()) * sizeof(T) + padded(shape_.block_threads) * sizeof(unsigned);
  }

  std::uint64_t n_;
  tile_shape shape_;
  std::uint64_t tiles_;
  cuda::device_buffer<I> counts_, offsets_;
  blelloch_scanner<I, default_shape_only> scanner_;  // tile counts: few, any shape will do
};

}  // namespace parprim::cuda_efficient
