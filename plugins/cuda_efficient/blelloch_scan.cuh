// The device-wide work-efficient scan: reduce each tile, scan the tile sums (recursively, the
// same way), then scan each tile again seeded with its tile's offset. Two reads and one write
// of the data; a single tile takes the one-kernel path. Tiles are padded with zeros in shared
// memory only, so no size is rounded up to a power of two.
//
// The tile's shape is chosen at run time: the block size through dynamic shared memory, the
// items per thread by picking a kernel compiled for that count (with_items_per_thread), since
// each thread keeps its items in registers and its loops over them unrolled (read back from
// shared memory with run-time bounds instead, the default shape's scan went from 1.3x to 1.7x
// cub's time at 2^26 on an H100).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "blelloch_block.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_efficient {

/// The items per thread the scan is compiled for (its `items_per_thread` values): calls
/// fn.template operator()<Items>(), or throws std::invalid_argument for another count.
template <class Fn>
void with_items_per_thread(int items, Fn&& fn) {
  if (!cuda::dispatch_constant<1, 2, 4, 8, 16, 32>(items, fn))
    throw std::invalid_argument("items_per_thread " + std::to_string(items));
}

/// Dynamic shared memory: the tree of thread totals (padded(blockDim.x) elements).
template <class S, int Items>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_reduce(const S* in, S* tile_sums, std::uint64_t n) {
  S* tree = cuda::dynamic_shared<S>();
  const int threads = blockDim.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * threads * Items;
  S sum = S(0);
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const std::uint64_t g = base + static_cast<std::uint64_t>(k) * threads + threadIdx.x;
    if (g < n) sum = S(sum + in[g]);
  }
  blelloch_up_sweep(tree, sum);
  if (threadIdx.x == 0) tile_sums[blockIdx.x] = blelloch_root(tree);
}

/// Dynamic shared memory: the tile (padded(tile) elements), then the tree (padded(blockDim.x)).
template <class S, int Items>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_scan(const S* in, S* out, const S* tile_offsets, std::uint64_t n, bool inclusive) {
  const int t = threadIdx.x, threads = blockDim.x, tile = threads * Items;
  S* data = cuda::dynamic_shared<S>();
  S* tree = data + padded(tile);
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile;
#pragma unroll
  for (int k = 0; k < Items; ++k) {  // coalesced: neighbours load neighbours
    const int i = k * threads + t;
    data[conflict_free(i)] = base + i < n ? in[base + i] : S(0);
  }
  __syncthreads();
  S items[Items];
  S sum = S(0);
#pragma unroll
  for (int j = 0; j < Items; ++j) {  // each thread owns consecutive items
    items[j] = data[conflict_free(t * Items + j)];
    sum = S(sum + items[j]);
  }
  S total;
  S running = blelloch_exclusive(tree, sum, total);
  if (tile_offsets) running = S(tile_offsets[blockIdx.x] + running);
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    if (inclusive) running = S(running + items[j]);
    data[conflict_free(t * Items + j)] = running;
    if (!inclusive) running = S(running + items[j]);
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const int i = k * threads + t;
    if (base + i < n) out[base + i] = data[conflict_free(i)];
  }
}

/// A device-wide scan of up to n elements of S in tiles of `shape`, its per-level scratch
/// allocated at construction (which also refuses a shape the GPU's shared memory cannot hold).
template <class S>
class blelloch_scanner {
 public:
  blelloch_scanner(std::uint64_t n, tile_shape shape) : shape_(shape) {
    with_items_per_thread(shape.items_per_thread, [&]<int Items>() {
      using kernel_type = void (*)(const S*, S*, const S*, std::uint64_t, bool);
      const kernel_type kernel = &tile_scan<S, Items>;
      cuda::reserve_dynamic_shared(
          reinterpret_cast<const void*>(kernel), scan_bytes(),
          shape.describe() + ", " + std::to_string(sizeof(S)) + "-byte elements");
    });
    for (std::uint64_t tiles = cuda::tiles_for(n, shape.tile()); tiles > 1;
         tiles = cuda::tiles_for(tiles, shape.tile())) {
      sums_.emplace_back(tiles);
      offsets_.emplace_back(tiles);
    }
  }

  void scan(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream,
            unsigned level = 0) {
    if (n == 0) return;
    const auto threads = static_cast<unsigned>(shape_.block_threads);
    const std::uint64_t tiles = cuda::tiles_for(n, shape_.tile());
    with_items_per_thread(shape_.items_per_thread, [&]<int Items>() {
      if (tiles == 1) {  // small inputs: one block, one kernel
        tile_scan<S, Items><<<1, threads, scan_bytes(), stream>>>(in, out, nullptr, n, inclusive);
        PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
        return;
      }
      const auto grid = static_cast<unsigned>(tiles);
      tile_reduce<S, Items><<<grid, threads, padded(shape_.block_threads) * sizeof(S), stream>>>(
          in, sums_[level].get(), n);
      PARPRIM_CUDA_CHECK_LAUNCH("tile_reduce");
      scan(sums_[level].get(), offsets_[level].get(), tiles, false, stream, level + 1);
      tile_scan<S, Items>
          <<<grid, threads, scan_bytes(), stream>>>(in, out, offsets_[level].get(), n, inclusive);
      PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
    });
  }

 private:
  std::uint64_t scan_bytes() const {
    return (padded(shape_.tile()) + padded(shape_.block_threads)) * sizeof(S);
  }

  tile_shape shape_;
  std::vector<cuda::device_buffer<S>> sums_, offsets_;
};

}  // namespace parprim::cuda_efficient
