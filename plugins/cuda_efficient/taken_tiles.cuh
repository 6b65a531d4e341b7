// How the single-pass kernels walk their tiles: persistent blocks (as many as fit on the GPU at
// once), each taking tile after tile from the look-back's counter, with the next tile's loads
// issued before the current tile's scan, look-back and stores. A block that loaded its one tile
// and then sat in the look-back and at two barriers had no loads in flight meanwhile: with one
// tile per block the 4-byte scan moved 72% of a copy's bandwidth on an H100 (CUB: 80%).
//
// Ids come from the counter, never from blockIdx (decoupled_lookback.cuh says why), and each
// block takes one id past its last tile to learn that it is done: a run takes tiles + grid ids,
// which the host passes to tile_states::next_run.
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>

#include "decoupled_lookback.cuh"
#include "parprim/cuda/check.hpp"
#include "warp_striped_tile.cuh"

namespace parprim::cuda_efficient {

/// Calls body(tile, items) for each tile this block takes, in the order taken, with the tile's
/// items loaded (warp-striped; past the end of the input: `fill`). One tile (tiles == 1): the
/// one block takes tile 0 without the counter. Every thread of the block must call it.
template <class T, int Items, class V, class Body>
__device__ void for_each_taken_tile(const T* in, std::uint64_t n, std::uint64_t tiles,
                                    const tile_states_view<V>& states, bool aligned, T fill,
                                    Body&& body) {
  using layout = warp_striped<T, Items>;
  const bool single = tiles == 1;
  __shared__ std::uint64_t taken;
  if (threadIdx.x == 0) taken = single ? 0 : states.take_tile_id();
  __syncthreads();
  std::uint64_t tile = taken;
  T items[Items];
  if (tile < tiles) {
    const auto [begin, valid] = layout::warp_segment(tile, n);
    layout::load(in + begin, valid, items, aligned, fill);
  }
  while (tile < tiles) {
    __syncthreads();  // every thread has read `taken`
    if (threadIdx.x == 0) taken = single ? tiles : states.take_tile_id();  // while items load
    __syncthreads();
    const std::uint64_t next = taken;
    T ahead[Items];
    if (next < tiles) {
      const auto [begin, valid] = layout::warp_segment(next, n);
      layout::load(in + begin, valid, ahead, aligned, fill);
    }
    body(tile, items);
#pragma unroll
    for (int i = 0; i < Items; ++i) items[i] = ahead[i];
    tile = next;
  }
}

/// The grid of persistent blocks for `kernel`: as many blocks of `threads` (with
/// `dynamic_shared` bytes) as are resident on the current GPU at once, at most `tiles`.
inline unsigned persistent_grid(const void* kernel, int threads, std::uint64_t dynamic_shared,
                                std::uint64_t tiles) {
  int device = 0, sms = 0, per_sm = 0;
  PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
  PARPRIM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  PARPRIM_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, kernel, threads, static_cast<std::size_t>(dynamic_shared)));
  const std::uint64_t resident = static_cast<std::uint64_t>(std::max(per_sm, 1)) * sms;
  return static_cast<unsigned>(std::min(resident, std::max<std::uint64_t>(tiles, 1)));
}

}  // namespace parprim::cuda_efficient
