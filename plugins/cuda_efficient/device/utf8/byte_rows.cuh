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
    const std::uint32_t v = valid(r);
    return v >= 4 ? 0xFu : (1u << v) - 1;
  }

  /// How many of this lane's 4 bytes of row r lie in the input (0-4).
  __device__ __forceinline__ std::uint32_t valid(int r) const {
    const auto p = static_cast<std::uint64_t>(position(r));
    return p >= n ? 0u : n - p >= 4 ? 4u : static_cast<std::uint32_t>(n - p);
  }

  /// Row r's window for this lane. Every lane of the warp calls it (shuffles).
  __device__ __forceinline__ byte_window window(int r) const {
    const int lane = threadIdx.x & 31;
    const std::uint32_t row_before =
        __shfl_sync(full_warp, r > 0 ? word[r > 0 ? r - 1 : 0] : before_segment, 31);
    const std::uint32_t row_after =
        __shfl_sync(full_warp, r + 1 < Rows ? word[r + 1 < Rows ? r + 1 : r] : after_segment, 0);
    std::uint32_t before = __shfl_up_sync(full_warp, word[r], 1);
    std::uint32_t after = __shfl_down_sync(full_warp, word[r], 1);
    if (lane == 0) before = r > 0 ? row_before : before_segment;
    if (lane == 31) after = r + 1 < Rows ? row_after : after_segment;
    return {before, word[r], after};
  }
};

}  // namespace parprim::cuda_efficient::utf8
