// The device-wide work-efficient scan: reduce each tile, scan the tile sums (recursively, the
// same way), then scan each tile again seeded with its tile's offset. Two reads and one write
// of the data; a single tile takes the one-kernel path. Tiles are padded with zeros in shared
// memory only, so no size is rounded up to a power of two.
#pragma once

#include <cstdint>
#include <vector>

#include "blelloch_block.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_efficient {

template <class S>
__global__ void __launch_bounds__(block_threads)
    tile_reduce(const S* in, S* tile_sums, std::uint64_t n) {
  __shared__ S tree[padded(block_threads)];
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile_size;
  S sum = S(0);
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {
    const std::uint64_t g = base + k * block_threads + threadIdx.x;
    if (g < n) sum = S(sum + in[g]);
  }
  blelloch_up_sweep(tree, sum);
  if (threadIdx.x == 0) tile_sums[blockIdx.x] = blelloch_root(tree);
}

template <class S>
__global__ void __launch_bounds__(block_threads)
    tile_scan(const S* in, S* out, const S* tile_offsets, std::uint64_t n, bool inclusive) {
  __shared__ S data[padded(tile_size)];
  __shared__ S tree[padded(block_threads)];
  const int t = threadIdx.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile_size;
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {  // coalesced: neighbours load neighbours
    const int i = k * block_threads + t;
    data[conflict_free(i)] = base + i < n ? in[base + i] : S(0);
  }
  __syncthreads();
  S items[items_per_thread];
  S sum = S(0);
#pragma unroll
  for (int j = 0; j < items_per_thread; ++j) {  // each thread owns consecutive items
    items[j] = data[conflict_free(t * items_per_thread + j)];
    sum = S(sum + items[j]);
  }
  S total;
  S running = blelloch_exclusive(tree, sum, total);
  if (tile_offsets) running = S(tile_offsets[blockIdx.x] + running);
#pragma unroll
  for (int j = 0; j < items_per_thread; ++j) {
    if (inclusive) running = S(running + items[j]);
    data[conflict_free(t * items_per_thread + j)] = running;
    if (!inclusive) running = S(running + items[j]);
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < items_per_thread; ++k) {
    const int i = k * block_threads + t;
    if (base + i < n) out[base + i] = data[conflict_free(i)];
  }
}

/// A device-wide scan of up to n elements of S, its per-level scratch allocated at construction.
template <class S>
class blelloch_scanner {
 public:
  explicit blelloch_scanner(std::uint64_t n) {
    for (std::uint64_t tiles = cuda::tiles_for(n, tile_size); tiles > 1;
         tiles = cuda::tiles_for(tiles, tile_size)) {
      sums_.emplace_back(tiles);
      offsets_.emplace_back(tiles);
    }
  }

  void scan(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream,
            unsigned level = 0) {
    if (n == 0) return;
    const std::uint64_t tiles = cuda::tiles_for(n, tile_size);
    if (tiles == 1) {  // small inputs: one block, one kernel
      tile_scan<S><<<1, block_threads, 0, stream>>>(in, out, nullptr, n, inclusive);
      PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
      return;
    }
    const auto grid = static_cast<unsigned>(tiles);
    tile_reduce<S><<<grid, block_threads, 0, stream>>>(in, sums_[level].get(), n);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_reduce");
    scan(sums_[level].get(), offsets_[level].get(), tiles, false, stream, level + 1);
    tile_scan<S><<<grid, block_threads, 0, stream>>>(in, out, offsets_[level].get(), n, inclusive);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
  }

 private:
  std::vector<cuda::device_buffer<S>> sums_, offsets_;
};

}  // namespace parprim::cuda_efficient
