// The device-wide work-efficient scan: reduce each tile, scan the tile sums (recursively, the
// same way), then scan each tile again seeded with its tile's offset. Two reads and one write
// of the data; a single tile takes the one-kernel path. Tiles are padded with zeros in shared
// memory only, so no size is rounded up to a power of two.
//
// The tile's shape (block size, items per thread) is chosen at run time by picking kernels
// compiled for it (Shapes), since each thread keeps its items in registers and the loops over
// them and over the tree's levels unroll. Measured on an H100 at 2^26: with run-time items the
// default shape's scan took 1.7x cub's time instead of 1.3x; with a run-time block size, 1.6x.
// The tile is staged in dynamic shared memory, since the largest exceed the 48 KiB static limit.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "block/blelloch_block.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_efficient {

/// Which tile shapes a scanner is compiled for. every_shape: each block size of
/// block_size_param by each items_per_thread the scan declares (the scan variant's tunable
/// shape); default_shape_only: tile_shape{} (the scans inside compaction and sort, whose inputs
/// are per-tile counts). dispatch(shape, fn) calls fn.template operator()<Block, Items>(), or
/// throws std::invalid_argument for a shape not compiled.
struct every_shape {
  /// The items_per_thread values; each one compiles the scan once per block size and element
  /// type, so the list stays short.
  using items_per_thread = cuda::compiled_constants<1, 2, 4, 8, 16>;

  template <class Fn>
  static void dispatch(tile_shape shape, Fn&& fn) {
    const bool found = cuda::block_sizes::dispatch(shape.block_threads, [&]<int Block>() {
      if (!items_per_thread::dispatch(shape.items_per_thread,
                                      [&]<int Items>() { fn.template operator()<Block, Items>(); }))
        throw std::invalid_argument(shape.describe());
    });
    if (!found) throw std::invalid_argument(shape.describe());
  }
};
struct default_shape_only {
  template <class Fn>
  static void dispatch(tile_shape shape, Fn&& fn) {
    constexpr tile_shape compiled{};
    if (shape.block_threads != compiled.block_threads ||
        shape.items_per_thread != compiled.items_per_thread)
      throw std::invalid_argument(shape.describe());
    fn.template operator()<compiled.block_threads, compiled.items_per_thread>();
  }
};

/// Dynamic shared memory: the tree of thread totals (padded(Block) elements).
template <class S, int Block, int Items>
__global__ void __launch_bounds__(Block) tile_reduce(const S* in, S* tile_sums, std::uint64_t n) {
  S* tree = cuda::dynamic_shared<S>();
  constexpr int threads = Block;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * threads * Items;
  S sum = S(0);
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const std::uint64_t g = base + static_cast<std::uint64_t>(k) * threads + threadIdx.x;
    if (g < n) sum = S(sum + in[g]);
  }
  blelloch_up_sweep(tree, sum, threads);
  if (threadIdx.x == 0) tile_sums[blockIdx.x] = blelloch_root(tree, threads);
}

/// Dynamic shared memory (a tile may exceed the 48 KiB static limit): the tile (padded(tile)
/// elements), then the tree (padded(Block)).
template <class S, int Block, int Items>
__global__ void __launch_bounds__(Block)
    tile_scan(const S* in, S* out, const S* tile_offsets, std::uint64_t n, bool inclusive) {
  constexpr int threads = Block, tile = threads * Items;
  const int t = threadIdx.x;
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
  S running = blelloch_exclusive(tree, sum, total, threads);
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

/// A device-wide scan of up to n elements of S in tiles of `shape` (one of those Shapes is
/// compiled for), its per-level scratch allocated at construction (which also refuses a shape
/// the GPU's shared memory cannot hold).
template <class S, class Shapes = every_shape>
class blelloch_scanner {
 public:
  blelloch_scanner(std::uint64_t n, tile_shape shape) : shape_(shape) {
    Shapes::dispatch(shape, [&]<int Block, int Items>() {
      using kernel_type = void (*)(const S*, S*, const S*, std::uint64_t, bool);
      const kernel_type kernel = &tile_scan<S, Block, Items>;
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

  void scan(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream) {
    Shapes::dispatch(shape_, [&]<int Block, int Items>() {
      scan_levels<Block, Items>(in, out, n, inclusive, stream, 0);
    });
  }

 private:
  template <int Block, int Items>
  void scan_levels(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream,
                   unsigned level) {
    if (n == 0) return;
    const std::uint64_t tiles = cuda::tiles_for(n, Block * Items);
    if (tiles == 1) {  // small inputs: one block, one kernel
      tile_scan<S, Block, Items>
          <<<1, Block, scan_bytes(), stream>>>(in, out, nullptr, n, inclusive);
      PARPRIM_CUDA_CHECK_LAUNCH("tile_scan");
      return;
    }
    const auto grid = static_cast<unsigned>(tiles);
    tile_reduce<S, Block, Items>
        <<<grid, Block, padded(Block) * sizeof(S), stream>>>(in, sums_[level].get(), n);
    PARPRIM_CUDA_CHECK_LAUNCH("tile_reduce");
    scan_levels<Block, Items>(sums_[level].get(), offsets_[level].get(), tiles, false, stream,
                              level + 1);
    tile_scan<S, Block, Items>
        <<<grid, Block, scan_bytes(), stream>>>(in, out, offsets_[level].get(), n, inclusive);
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
