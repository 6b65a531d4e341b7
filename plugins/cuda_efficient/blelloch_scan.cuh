// The device-wide work-efficient scan: reduce each tile, scan the tile sums (recursively, the
// same way), then scan each tile again seeded with its tile's offset. Two reads and one write
// of the data; a single tile takes the one-kernel path. Tiles are padded with zeros in shared
// memory only, so no size is rounded up to a power of two.
//
// The tile's shape (threads per block, items per thread) is chosen at run time, so the loops
// over a thread's items have run-time bounds and the tile is staged in dynamic shared memory;
// each thread reads its items there twice (to sum them, then to write their prefixes) instead
// of keeping them in registers, whose count would have to be known at compile time.
#pragma once

#include <cstdint>
#include <vector>

#include "blelloch_block.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_efficient {

/// Dynamic shared memory: the tree of thread totals (padded(blockDim.x) elements).
template <class S>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_reduce(const S* in, S* tile_sums, std::uint64_t n, int items) {
  S* tree = cuda::dynamic_shared<S>();
  const int threads = blockDim.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * threads * items;
  S sum = S(0);
  for (int k = 0; k < items; ++k) {
    const std::uint64_t g = base + static_cast<std::uint64_t>(k) * threads + threadIdx.x;
    if (g < n) sum = S(sum + in[g]);
  }
  blelloch_up_sweep(tree, sum);
  if (threadIdx.x == 0) tile_sums[blockIdx.x] = blelloch_root(tree);
}

/// Dynamic shared memory: the tile (padded(tile) elements), then the tree (padded(blockDim.x)).
template <class S>
__global__ void __launch_bounds__(cuda::max_block_threads)
    tile_scan(const S* in, S* out, const S* tile_offsets, std::uint64_t n, bool inclusive,
              int items) {
  const int t = threadIdx.x, threads = blockDim.x, tile = threads * items;
  S* data = cuda::dynamic_shared<S>();
  S* tree = data + padded(tile);
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile;
  for (int k = 0; k < items; ++k) {  // coalesced: neighbours load neighbours
    const int i = k * threads + t;
    data[conflict_free(i)] = base + i < n ? in[base + i] : S(0);
  }
  __syncthreads();
  S sum = S(0);
  for (int j = 0; j < items; ++j)  // each thread owns consecutive items
    sum = S(sum + data[conflict_free(t * items + j)]);
  S total;
  S running = blelloch_exclusive(tree, sum, total);
  if (tile_offsets) running = S(tile_offsets[blockIdx.x] + running);
  for (int j = 0; j < items; ++j) {  // only this thread's own items: read, then overwritten
    const int i = conflict_free(t * items + j);
    const S item = data[i];
    if (inclusive) running = S(running + item);
    data[i] = running;
    if (!inclusive) running = S(running + item);
  }
  __syncthreads();
  for (int k = 0; k < items; ++k) {
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
    cuda::reserve_dynamic_shared(
        reinterpret_cast<const void*>(&tile_scan<S>), scan_bytes(),
        shape.describe() + ", " + std::to_string(sizeof(S)) + "-byte elements");
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
    const int items = shape_.items_per_thread;
    const std::uint64_t tiles = cuda::tiles_for(n, shape_.tile());
    if (tiles == 1) {  // small inputs: one block, one kernel
      tile_scan<S><<<1, threads, scan_bytes(), stream>>>(in, out, nullptr, n, inclusive, items);
      PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
      return;
    }
    const auto grid = static_cast<unsigned>(tiles);
    tile_reduce<S><<<grid, threads, padded(shape_.block_threads) * sizeof(S), stream>>>(
        in, sums_[level].get(), n, items);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_reduce");
    scan(sums_[level].get(), offsets_[level].get(), tiles, false, stream, level + 1);
    tile_scan<S><<<grid, threads, scan_bytes(), stream>>>(in, out, offsets_[level].get(), n,
                                                          inclusive, items);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
  }

 private:
  std::uint64_t scan_bytes() const {
    return (padded(shape_.tile()) + padded(shape_.block_threads)) * sizeof(S);
  }

  tile_shape shape_;
  std::vector<cuda::device_buffer<S>> sums_, offsets_;
};

}  // namespace parprim::cuda_efficient
