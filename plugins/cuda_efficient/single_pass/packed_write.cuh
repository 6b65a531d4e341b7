// The output side of the single-pass kernels that pack their output in shared memory first
// (lookback_compact.cuh, device/utf8/): each lane's count of outputs scanned across its warp
// (warp_offsets), the tile's place found by look-back (resolve_tile_output), and the write-out:
// a tile's output, `total` elements, goes to out[prefix..], whatever prefix is. The elements sit in
// shared memory shifted by where out + prefix lies within its 16-byte vector (packed_shift), so
// that shared and global memory agree on alignment: the write-out then moves whole 16-byte vectors
// (one shared and one global access per 16 bytes instead of one each per element), with element
// stores only in the partial vectors at either end. A kernel that stores its elements while its
// look-back is under way (the UTF-8 encoder) cannot know that shift yet: it places them from the
// tile's start (publish_tile_output, then look_back_tile_output), and the write-out assembles
// each aligned output vector from the two packed vectors it straddles (packed_placement).
#pragma once

#include <cstdint>
#include <type_traits>

#include "parprim/cuda/offset_address.cuh"
#include "single_pass/decoupled_lookback.cuh"
#include "single_pass/warp_striped_tile.cuh"
#include "thread/realigned_vector.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient {

/// Where out + prefix lies within its 16-byte vector, in elements: the index in the packed
/// array (16-byte aligned shared memory) of the tile's first output element.
template <class T>
__device__ __forceinline__ std::uint32_t packed_shift(const T* out, std::uint64_t prefix) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(out + prefix) % 16 /
                                    sizeof(T));
}

/// A warp's running count of outputs over its rows (or chunks), taken in order: add() returns
/// where this lane's outputs of the row start among the warp's. Every lane calls it.
struct warp_offsets {
  std::uint32_t total = 0;  // the warp's outputs in the rows added so far

  __device__ __forceinline__ std::uint32_t add(std::uint32_t mine) {
    std::uint32_t lanes_before;
    const std::uint32_t through = warp_inclusive(mine, lanes_before);
    const std::uint32_t at = total + lanes_before;
    total += __shfl_sync(full_warp, through, 31);
    return at;
  }
};

/// Lane 0 of each warp records the warp's total for the tile's scan of them.
template <class I>
__device__ __forceinline__ void record_warp_total(tile_offsets<I>& offsets,
                                                  std::uint32_t warp_total) {
  if ((threadIdx.x & 31) == 0) offsets.warp_offset[threadIdx.x >> 5] = static_cast<I>(warp_total);
}

/// Where a tile's output goes, once every warp has counted its own.
struct tile_output {
  std::uint64_t prefix;   // the outputs of every earlier tile: out[prefix] is the tile's first
  std::uint32_t total;    // the tile's outputs
  std::uint32_t shift;    // packed_shift(out, prefix)
  std::uint32_t warp_at;  // where this warp's first output goes in the packed array
};

/// Called by every thread of the block with its warp's total: publishes the tile's count, looks
/// back (resolve_tile_offsets) and says where the tile's and this warp's outputs go.
template <class I, class T>
__device__ tile_output resolve_tile_output(tile_offsets<I>& offsets,
                                           const tile_states_view<I>& states, std::uint64_t tile,
                                           bool single, std::uint32_t warp_total, const T* out) {
  record_warp_total(offsets, warp_total);
  resolve_tile_offsets(offsets, states, tile, single);
  tile_output o;
  o.prefix = static_cast<std::uint64_t>(offsets.tile_prefix);
  o.total = static_cast<std::uint32_t>(offsets.tile_total);
  o.shift = packed_shift(out, o.prefix);
  o.warp_at = static_cast<std::uint32_t>(offsets.warp_offset[threadIdx.x >> 5]) + o.shift;
  return o;
}

/// Where a warp's outputs go in a tile whose packed elements are placed from the tile's start,
/// before its look-back (the UTF-8 encoder, so that its stores fill the look-back's wait).
struct tile_count {
  std::uint32_t total;    // the tile's outputs
  std::uint32_t warp_at;  // where this warp's first output goes in the packed array
};

/// resolve_tile_output's first step, for elements placed from the tile's start: publishes the
/// tile's count and says where this warp's outputs go. Every thread calls it with its warp's
/// total; then look_back_tile_output.
template <class I>
__device__ tile_count publish_tile_output(tile_offsets<I>& offsets,
                                          const tile_states_view<I>& states, std::uint64_t tile,
                                          bool single, std::uint32_t warp_total) {
  record_warp_total(offsets, warp_total);
  publish_tile_offsets(offsets, states, tile, single);
  return {static_cast<std::uint32_t>(offsets.tile_total),
          static_cast<std::uint32_t>(offsets.warp_offset[threadIdx.x >> 5])};
}

/// The second step: warp 0 looks back for the outputs of every earlier tile while the other
/// warps return at once to store their elements (warp 0 stores its own after). The block's next
/// __syncthreads, once every element is in place, makes the answer readable as
/// offsets.tile_prefix.
template <class I>
__device__ void look_back_tile_output(tile_offsets<I>& offsets, const tile_states_view<I>& states,
                                      std::uint64_t tile, bool single) {
  if (threadIdx.x < 32) find_tile_prefix(offsets, states, tile, single, offsets.tile_total);
}

/// The packed elements as they are (the compaction, the encoder).
struct element_as_is {
  template <class T>
  __device__ __forceinline__ T operator()(T element) const {
    return element;
  }
};

/// Where a tile's elements sit in the packed array (shared memory, 16-byte aligned).
enum class packed_placement {
  shifted,     // from packed[packed_shift(out, prefix)]: each output vector is a packed vector
  from_start,  // from packed[0], stored before the look-back gave the prefix: each output
               // vector is assembled from the two packed vectors it straddles (realigned_vector)
};

/// Called by every thread of the block once the packed elements are in place (and a
/// __syncthreads): writes emit(element i) for i in [0, total) to out[prefix + i], whole aligned
/// 16-byte vectors where they lie within the tile, the partial vectors at either end element by
/// element. `emit` finishes an element on its way out (the UTF-8 decoder's deferred code
/// points, device/utf8/unit_entries.cuh), or a whole vector where it has `finish_vector`. The
/// tile that is last in the array writes the count.
template <packed_placement Placement, class T, class Emit = element_as_is>
__device__ void write_tile(const T* packed, T* out, std::uint64_t prefix, std::uint32_t total,
                           std::uint64_t tile, std::uint64_t tiles, std::uint64_t* count,
                           Emit emit = {}) {
  constexpr std::uint32_t vec = 16 / sizeof(T);
  struct alignas(16) vector {
    T e[vec];
  };
  const std::uint32_t shift = packed_shift(out, prefix);
  // Index v of the output's vectors: out[prefix - shift + v] is element v - shift, which is
  // packed[v] when shifted and packed[v - shift] from the start.
  T* dst = cuda::offset_address(out, std::int64_t(prefix) - shift);
  const std::uint32_t lag = Placement == packed_placement::from_start ? shift : 0;
  const std::uint32_t end = shift + total;
  const std::uint32_t vectors = (end + vec - 1) / vec;
  const auto* packed_vectors = reinterpret_cast<const uint4*>(packed);
  // From the start, output vector q takes the 16 bytes from `skip` into packed vectors q - 1
  // and q.
  const unsigned skip = 16 - shift * static_cast<unsigned>(sizeof(T));
  for (std::uint32_t q = threadIdx.x; q < vectors; q += blockDim.x) {
    const std::uint32_t first = q * vec;
    if (first >= shift && first + vec <= end) {
      uint4 bits = packed_vectors[q];
      if constexpr (Placement == packed_placement::from_start)
        bits = realigned_vector(shift == 0 ? make_uint4(0, 0, 0, 0) : packed_vectors[q - 1], bits,
                                skip);
      if constexpr (std::is_same_v<Emit, element_as_is>) {
        // As they are: the vector stays one register quadruple (taking 1-byte elements apart
        // and back cost the encoder about 40 instructions).
        reinterpret_cast<uint4*>(dst)[q] = bits;
      } else {
        vector v;
        memcpy(&v, &bits, sizeof v);
        if constexpr (requires { emit.finish_vector(v.e); }) {
          emit.finish_vector(v.e);  // a whole vector at once (the UTF-8 decoder's entry_decoder)
        } else {
#pragma unroll
          for (std::uint32_t j = 0; j < vec; ++j) v.e[j] = emit(v.e[j]);
        }
        reinterpret_cast<vector*>(dst)[q] = v;
      }
    } else {
#pragma unroll
      for (std::uint32_t j = 0; j < vec; ++j)
        if (first + j >= shift && first + j < end) dst[first + j] = emit(packed[first + j - lag]);
    }
  }
  if (tile == tiles - 1 && threadIdx.x == 0) *count = prefix + total;
}

/// Called by every thread of the block once its packed elements are written (shifted, after
/// resolve_tile_output): the block synchronized, then its write-out and count (write_tile).
template <class T, class Emit = element_as_is>
__device__ void finish_tile(const T* packed, T* out, const tile_output& o, std::uint64_t tile,
                            std::uint64_t tiles, std::uint64_t* count, Emit emit = {}) {
  __syncthreads();
  write_tile<packed_placement::shifted>(packed, out, o.prefix, o.total, tile, tiles, count, emit);
}

}  // namespace parprim::cuda_efficient
