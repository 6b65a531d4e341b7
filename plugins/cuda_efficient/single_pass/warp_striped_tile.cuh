// The data layout of the single-pass kernels (lookback_scan.cuh, lookback_compact.cuh): a block's
// tile is one segment of 32 * Items consecutive elements per warp, and within a warp's segment,
// chunk k (of Items / vec) holds 32 16-byte vectors, lane l's being elements
// (k * 32 + l) * vec .. + vec - 1. So every load and store instruction of a warp moves 512
// contiguous bytes (16-byte vector accesses, fully coalesced), and a scan over the segment is a
// scan within each lane's vector, a warp scan across the lanes of each chunk, and a running sum
// over the chunks: shuffles only, no shared-memory transpose.
#pragma once

#include <cstdint>

#include "single_pass/decoupled_lookback.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient {

template <class T, int Items>
struct warp_striped {
  static constexpr int vec = 16 / static_cast<int>(sizeof(T));  // elements per 16-byte vector
  static constexpr int chunks = Items / vec;
  static constexpr int segment = 32 * Items;  // elements per warp
  static_assert(Items % vec == 0, "a thread's items are whole 16-byte vectors");

  struct alignas(16) vector {
    T e[vec];
  };

  /// Index within the segment of lane `lane`'s element j of chunk k.
  __device__ static constexpr int index(int k, int lane, int j) {
    return (k * 32 + lane) * vec + j;
  }

  /// The segment of this thread's warp in tile `tile` of an array of n: where it starts, and
  /// how many of its elements exist (may exceed the segment, 0 past the end).
  struct span {
    std::uint64_t begin, valid;
  };
  __device__ static span warp_segment(std::uint64_t tile, std::uint64_t n) {
    const std::uint64_t warp = threadIdx.x >> 5;
    const std::uint64_t begin = (tile * (blockDim.x >> 5) + warp) * segment;
    return {begin, n > begin ? n - begin : 0};
  }

  /// Calls fn(register index, segment index) for each of this lane's items below `valid`
  /// (the element-wise path of a segment that ends early or is not aligned).
  template <class Fn>
  __device__ static void for_each_valid(std::uint64_t valid, Fn&& fn) {
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int k = 0; k < chunks; ++k)
#pragma unroll
      for (int j = 0; j < vec; ++j)
        if (static_cast<std::uint64_t>(index(k, lane, j)) < valid)
          fn(k * vec + j, index(k, lane, j));
  }

  /// Loads the segment at `seg`, of which the first `valid` elements exist (may exceed the
  /// segment); missing elements read as `fill`. Vector loads when the whole segment exists and
  /// `aligned` (the array's start is 16-byte aligned: a segment's start then is too).
  __device__ static void load(const T* seg, std::uint64_t valid, T (&v)[Items], bool aligned,
                              T fill) {
    const int lane = threadIdx.x & 31;
    if (aligned && valid >= segment) {
      const vector* p = reinterpret_cast<const vector*>(seg);
#pragma unroll
      for (int k = 0; k < chunks; ++k) {
        const vector x = p[k * 32 + lane];
#pragma unroll
        for (int j = 0; j < vec; ++j) v[k * vec + j] = x.e[j];
      }
      return;
    }
#pragma unroll
    for (int i = 0; i < Items; ++i) v[i] = fill;
    for_each_valid(valid, [&](int r, int i) { v[r] = seg[i]; });
  }

  /// Stores what load() loaded, with the same rule for vectors.
  __device__ static void store(T* seg, std::uint64_t valid, const T (&v)[Items], bool aligned) {
    const int lane = threadIdx.x & 31;
    if (aligned && valid >= segment) {
      vector* p = reinterpret_cast<vector*>(seg);
#pragma unroll
      for (int k = 0; k < chunks; ++k) {
        vector x;
#pragma unroll
        for (int j = 0; j < vec; ++j) x.e[j] = v[k * vec + j];
        p[k * 32 + lane] = x;
      }
      return;
    }
    for_each_valid(valid, [&](int r, int i) { seg[i] = v[r]; });
  }
};

/// Where a block's warps and its tile start, in shared memory: filled by resolve_tile_offsets.
template <class V>
struct tile_offsets {
  V warp_offset[32];  // in: each warp's total; out: the warp's start within the tile
  V tile_prefix;      // the sum of every earlier tile
  V tile_total;       // this tile's sum
};

/// Warp 0's scan of the warp totals in offsets.warp_offset (each replaced by the warp's start
/// within the tile) and the tile's total; publishes the total, as the tile's prefix where it is
/// the first tile, as its aggregate otherwise. Returns the total.
template <class V>
__device__ V publish_tile_total(tile_offsets<V>& offsets, const tile_states_view<V>& states,
                                std::uint64_t tile, bool single_tile) {
  const int lane = threadIdx.x & 31, warps = blockDim.x >> 5;
  V before;
  const V through = warp_inclusive(lane < warps ? offsets.warp_offset[lane] : V(0), before);
  const V total = __shfl_sync(full_warp, through, 31);
  if (!single_tile && lane == 0)
    states.publish(tile, tile == 0 ? tile_prefix : tile_aggregate, total);
  if (lane < warps) offsets.warp_offset[lane] = before;
  if (lane == 0) offsets.tile_total = total;
  return total;
}

/// Warp 0's look-back for a tile whose total is published: the sum of every earlier tile,
/// published with the total as the tile's inclusive prefix, into offsets.tile_prefix.
template <class V>
__device__ void find_tile_prefix(tile_offsets<V>& offsets, const tile_states_view<V>& states,
                                 std::uint64_t tile, bool single_tile, V total) {
  V prefix = V(0);
  if (!single_tile && tile != 0) {
    prefix = look_back(states, tile);
    if ((threadIdx.x & 31) == 0) states.publish(tile, tile_prefix, V(prefix + total));
  }
  if ((threadIdx.x & 31) == 0) offsets.tile_prefix = prefix;
}

/// Called by every thread of the block once each warp's lane 0 wrote its warp's total to
/// offsets.warp_offset[warp] (and before any __syncthreads after that): warp 0 scans the warp
/// totals, publishes the tile's aggregate, looks back and publishes the inclusive prefix. Ends
/// with the block synchronized and `offsets` filled. `single_tile`: the whole input is this
/// tile, no states are used.
template <class V>
__device__ void resolve_tile_offsets(tile_offsets<V>& offsets, const tile_states_view<V>& states,
                                     std::uint64_t tile, bool single_tile) {
  __syncthreads();
  if (threadIdx.x < 32)
    find_tile_prefix(offsets, states, tile, single_tile,
                     publish_tile_total(offsets, states, tile, single_tile));
  __syncthreads();
}

/// resolve_tile_offsets' first step, when the block works before its look-back (the UTF-8
/// encoder stores its bytes): ends with the block synchronized, offsets.warp_offset and
/// tile_total filled and the tile's total published. Then warp 0 calls find_tile_prefix with
/// offsets.tile_total, and the block's next __syncthreads makes offsets.tile_prefix readable.
template <class V>
__device__ void publish_tile_offsets(tile_offsets<V>& offsets, const tile_states_view<V>& states,
                                     std::uint64_t tile, bool single_tile) {
  __syncthreads();
  if (threadIdx.x < 32) publish_tile_total(offsets, states, tile, single_tile);
  __syncthreads();
}

/// The tile id of this block (the counter's next, or 0 for a single tile), the same in every
/// thread.
template <class V>
__device__ std::uint64_t block_tile_id(const tile_states_view<V>& states, bool single_tile) {
  __shared__ std::uint64_t id;
  if (threadIdx.x == 0) id = single_tile ? 0 : states.take_tile_id();
  __syncthreads();
  return id;
}

/// This block's tile and its warp's segment of it, loaded into v (load()'s rules; missing
/// elements read as `fill`). Blocks start in about their index order, so the tile the counter
/// will give a block is most likely its index: that tile's loads go out before the counter
/// answers and are repeated only where the answer differs (the same for the whole block), so the
/// atomic's round trip overlaps the loads' instead of preceding them.
template <class T, int Items>
struct loaded_tile {
  std::uint64_t tile;
  typename warp_striped<T, Items>::span segment;
};
template <class T, int Items, class V>
__device__ loaded_tile<T, Items> load_block_tile(const T* in, std::uint64_t n, T (&v)[Items],
                                                 bool aligned, T fill,
                                                 const tile_states_view<V>& states,
                                                 bool single_tile) {
  using layout = warp_striped<T, Items>;
  const std::uint64_t guess = blockIdx.x;
  auto segment = layout::warp_segment(guess, n);
  layout::load(in + segment.begin, segment.valid, v, aligned, fill);
  const std::uint64_t tile = block_tile_id(states, single_tile);
  if (tile != guess) {
    segment = layout::warp_segment(tile, n);
    layout::load(in + segment.begin, segment.valid, v, aligned, fill);
  }
  return {tile, segment};
}

}  // namespace parprim::cuda_efficient
