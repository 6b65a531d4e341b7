// How the UTF-8 decoding kernels (lookback_decode.cuh, validate_utf8.cuh) hold their input: a
// warp's segment of a tile is Rows rows of 128 bytes, lane l holding bytes 4l..4l+3 of each row
// as one word, so that each row is one coalesced 128-byte load. A lane decodes its word from a
// window of 12 bytes (byte_window.cuh): the word before it, its own and the word after, the
// neighbouring lanes' words by shuffles, across rows lane 31's of the row before and lane 0's of
// the row after, and at the segment's two ends a word read from global memory (a 4-byte halo
// each side; past the input's ends it reads as 0, which continues nothing and is never
// continued).
#pragma once

#include <cstdint>

#include "device/utf8/byte_window.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient::utf8 {

/// A 4-byte word of the input at byte position p, which may lie partly or wholly outside
/// [0, n): bytes outside read as 0. One load where it lies inside and `in` is 4-byte aligned.
__device__ __forceinline__ std::uint32_t load_word(const std::uint8_t* in, std::int64_t p,
                                                   std::uint64_t n, bool aligned) {
  if (aligned && p >= 0 && static_cast<std::uint64_t>(p) + 4 <= n)
    return *reinterpret_cast<const std::uint32_t*>(in + p);
  std::uint32_t w = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const std::int64_t q = p + i;
    if (q >= 0 && static_cast<std::uint64_t>(q) < n) w |= std::uint32_t(in[q]) << (8 * i);
  }
  return w;
}

/// One warp's segment of a tile (Rows rows of 128 bytes) as its lanes hold it.
template <int Rows>
struct segment_rows {
  static constexpr int bytes = Rows * 128;  // per warp
  std::uint32_t word[Rows];
  std::uint32_t before_segment, after_segment;  // the halo words (lane 0's, lane 31's)
  std::uint64_t begin, n;

  /// Loads warp `warp` of tile `tile` (blockDim.x / 32 warps a tile).
  __device__ segment_rows(const std::uint8_t* in, std::uint64_t n_, std::uint64_t tile, int warp)
      : n(n_) {
    load(in, tile, warp);
  }

  __device__ void load(const std::uint8_t* in, std::uint64_t tile, int warp) {
    begin = (tile * (blockDim.x >> 5) + warp) * bytes;
    const bool aligned = (reinterpret_cast<std::uintptr_t>(in) & 3) == 0;
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int r = 0; r < Rows; ++r) word[r] = load_word(in, position(r), n, aligned);
    const auto start = static_cast<std::int64_t>(begin);
    before_segment = lane == 0 ? load_word(in, start - 4, n, aligned) : 0;
    after_segment = lane == 31 ? load_word(in, start + bytes, n, aligned) : 0;
  }

  /// The input position of this lane's byte 0 of row r.
  __device__ __forceinline__ std::int64_t position(int r) const {
    return static_cast<std::int64_t>(begin) + r * 128 + 4 * (threadIdx.x & 31);
  }

  /// Whether the whole warp's row r is ASCII (the same answer in every lane; all call it):
  /// then every byte is a unit and its own code point, and no window is needed.
  __device__ __forceinline__ bool row_ascii(int r) const {
    return __all_sync(full_warp, (word[r] & 0x80808080u) == 0);
  }

  /// Bits 0-3 set for this lane's bytes of row r that lie in the input.
  __device__ __forceinline__ std::uint32_t in_input(int r) const {
    const auto p = static_cast<std::uint64_t>(position(r));
    return p >= n ? 0u : n - p >= 4 ? 0xFu : (1u << (n - p)) - 1;
  }

  /// The word before this lane's in row r: the previous lane's, lane 31's of the row before for
  /// lane 0, the halo at the segment's start. Every lane of the warp calls it (shuffles; r is a
  /// constant of the unrolled loops, so the branches on it are resolved at compile time).
  __device__ __forceinline__ std::uint32_t word_before(int r) const {
    const std::uint32_t row_before =
        r > 0 ? __shfl_sync(full_warp, word[r > 0 ? r - 1 : 0], 31) : before_segment;
    const std::uint32_t before = __shfl_up_sync(full_warp, word[r], 1);
    return (threadIdx.x & 31) == 0 ? row_before : before;
  }

  /// The word after this lane's in row r (word_before's mirror).
  __device__ __forceinline__ std::uint32_t word_after(int r) const {
    const std::uint32_t row_after =
        r + 1 < Rows ? __shfl_sync(full_warp, word[r + 1 < Rows ? r + 1 : r], 0) : after_segment;
    const std::uint32_t after = __shfl_down_sync(full_warp, word[r], 1);
    return (threadIdx.x & 31) == 31 ? row_after : after;
  }

  /// Row r's window for this lane. Every lane of the warp calls it (shuffles).
  __device__ __forceinline__ byte_window window(int r) const {
    return {word_before(r), word[r], word_after(r)};
  }
};

}  // namespace parprim::cuda_efficient::utf8
