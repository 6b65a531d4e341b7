// How the UTF-8 decoding kernels (lookback_decode.cuh, validate_utf8.cuh) hold their input: a
// warp's segment of a tile is Rows rows of 512 bytes, lane l holding 4 consecutive words of each
// row (bytes 16 l .. 16 l + 15, one 16-byte load), so that each row is one coalesced load, a
// row's bookkeeping (the shuffles for the word before, the votes, the decoder's warp scan) is
// paid once per 16 bytes, and the word before is the lane's own for three words of four
// (utf8_gpu.md, rounds 15 and 18; rows of 128 bytes, one word a lane, until then).
//
// The bytewise test of a word (segment_tests.cuh) reads the word before it: the lane's own, the
// previous lane's by a shuffle, across rows lane 31's of the row before. A word's window of 12
// bytes (byte_window.cuh), for units_of, is read from the segment's words in shared memory
// (store_words; suspect_list.cuh). At the segment's two ends a word read from global memory
// stands in (a 4-byte halo each side; past the input's ends it reads as 0, which continues
// nothing and is never continued).
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

/// Bits 0 .. width - 1 set for the bytes p .. p + width - 1 that lie in [0, n) (width <= 16):
/// a word's 4 bytes by default, a lane's 16 bytes of a row for segment_rows.
__device__ __forceinline__ std::uint32_t bytes_in_input(std::uint64_t p, std::uint64_t n,
                                                        unsigned width = 4) {
  const std::uint64_t left = p >= n ? 0 : n - p;
  return (1u << (left >= width ? width : left)) - 1;
}

/// The 16 bits of row r in a lane's mask of a bit a byte (bit 16 r + j: its byte j of row r).
__device__ __forceinline__ std::uint32_t row_bits(std::uint32_t bits, int r) {
  return (bits >> (16 * r)) & 0xFFFFu;
}

/// One warp's segment of a tile (Rows rows of 512 bytes) as its lanes hold it: word k of the
/// lane's part of row r is word[r * words + k].
template <int Rows>
struct segment_rows {
  static constexpr int words = 4;  // a lane's words of a row
  static constexpr int row_bytes = 128 * words;
  static constexpr int bytes = Rows * row_bytes;  // per warp
  std::uint32_t word[Rows * words];
  std::uint32_t before_segment, after_segment;  // the halo words (lane 0's, lane 31's)
  std::uint64_t begin, n;

  /// Loads warp `warp` of tile `tile` (blockDim.x / 32 warps a tile).
  __device__ segment_rows(const std::uint8_t* in, std::uint64_t n_, std::uint64_t tile, int warp)
      : n(n_) {
    load(in, tile, warp);
  }

  __device__ void load(const std::uint8_t* in, std::uint64_t tile, int warp) {
    begin = (tile * (blockDim.x >> 5) + warp) * bytes;
    const auto address = reinterpret_cast<std::uintptr_t>(in);
    const bool aligned = (address & 3) == 0, rows_aligned = (address & 15) == 0;
    const int lane = threadIdx.x & 31;
    if (rows_aligned && begin + bytes <= n) {
      // The whole segment inside the input (every segment but the last): no test a row.
#pragma unroll
      for (int r = 0; r < Rows; ++r) set_row(r, *reinterpret_cast<const uint4*>(in + position(r)));
    } else {
      load_rows_near_end(in, aligned, rows_aligned);
    }
    const auto start = static_cast<std::int64_t>(begin);
    before_segment = lane == 0 ? load_word(in, start - 4, n, aligned) : 0;
    after_segment = lane == 31 ? load_word(in, start + bytes, n, aligned) : 0;
  }

  /// The rows of a segment that reaches past the input's end, or of an input not aligned for
  /// the rows' loads (`rows_aligned` false: not 16-byte aligned; `aligned` false: not 4-byte
  /// aligned either): bytes outside the input read as 0.
  __device__ void load_rows_near_end(const std::uint8_t* in, bool aligned, bool rows_aligned) {
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      const std::int64_t p = position(r);  // never negative
      if (rows_aligned && static_cast<std::uint64_t>(p) + 16 <= n) {
        set_row(r, *reinterpret_cast<const uint4*>(in + p));
        continue;
      }
#pragma unroll
      for (int k = 0; k < words; ++k)
        word[r * words + k] = load_word(in, position(r, k), n, aligned);
    }
  }

  __device__ __forceinline__ void set_row(int r, uint4 v) {
    word[words * r] = v.x, word[words * r + 1] = v.y, word[words * r + 2] = v.z;
    word[words * r + 3] = v.w;
  }
  /// The lane's 16 bytes of row r as one vector (set_row's inverse), for one store.
  __device__ __forceinline__ uint4 row_vector(int r) const {
    return make_uint4(word[words * r], word[words * r + 1], word[words * r + 2],
                      word[words * r + 3]);
  }

  /// The segment's words into `segment_words` (a warp's, in shared memory, 16-byte aligned) in
  /// input order: row r's lane l's word k at 128 r + 4 l + k. Every lane of the warp calls it.
  __device__ __forceinline__ void store_words(std::uint32_t* segment_words) const {
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int r = 0; r < Rows; ++r)
      *reinterpret_cast<uint4*>(segment_words + 32 * words * r + words * lane) = row_vector(r);
  }

  /// The halo words, the same in every lane. Every lane of the warp calls it (shuffles).
  struct halo_words {
    std::uint32_t before, after;
  };
  __device__ __forceinline__ halo_words halos() const {
    return {__shfl_sync(full_warp, before_segment, 0), __shfl_sync(full_warp, after_segment, 31)};
  }

  /// The input position of this lane's byte 0 of word k of row r.
  __device__ __forceinline__ std::int64_t position(int r, int k = 0) const {
    return static_cast<std::int64_t>(begin) + r * row_bytes + 4 * words * (threadIdx.x & 31) +
           4 * k;
  }

  /// The lanes whose 16 bytes of row r hold a byte 80-FF, a bit each (the same in every lane;
  /// all call it): none where the row is ASCII.
  __device__ __forceinline__ std::uint32_t row_high_lanes(int r) const {
    std::uint32_t any = 0;
#pragma unroll
    for (int k = 0; k < words; ++k) any |= word[r * words + k];
    return __ballot_sync(full_warp, (any & 0x80808080u) != 0);
  }

  /// Bit 16 r + j set where this lane's byte j of row r lies in the input (Rows <= 2): all of
  /// them in every segment but the input's last. One 64-bit test a row, not one a word (round
  /// 29, utf8_gpu.md).
  __device__ __forceinline__ std::uint32_t bytes_in_input_bits() const {
    static_assert(Rows * 4 * words <= 32, "a bit for each of the lane's bytes");
    std::uint32_t bits = 0;
#pragma unroll
    for (int r = 0; r < Rows; ++r)
      bits |= bytes_in_input(static_cast<std::uint64_t>(position(r)), n, 4 * words)
              << (4 * words * r);
    return bits;
  }

  /// The segment's last word before row r: lane 31's last of the row before, or the halo at the
  /// segment's start; the same in every lane. Every lane of the warp calls it (a shuffle).
  __device__ __forceinline__ std::uint32_t word_before_row(int r) const {
    return r > 0 ? __shfl_sync(full_warp, word[r > 0 ? r * words - 1 : 0], 31)
                 : __shfl_sync(full_warp, before_segment, 0);
  }

  /// This lane's last word of the segment (lane 31's ends it).
  __device__ __forceinline__ std::uint32_t last_word() const {
    return word[Rows * words - 1];
  }

  /// The word before this lane's word k of row r: the lane's own word k - 1; for k = 0 the
  /// previous lane's last, lane 31's of the row before for lane 0, the halo at the segment's
  /// start. Every lane of the warp calls it (shuffles; r and k are constants of the unrolled
  /// loops, so the branches on them are resolved at compile time).
  __device__ __forceinline__ std::uint32_t word_before(int r, int k = 0) const {
    if (k > 0) return word[r * words + k - 1];
    // Only lane 0 takes it: the halo is lane 0's own, row r - 1's last word lane 31's.
    const std::uint32_t row_before = r > 0 ? word_before_row(r) : before_segment;
    const std::uint32_t before = __shfl_up_sync(full_warp, word[r * words + words - 1], 1);
    return (threadIdx.x & 31) == 0 ? row_before : before;
  }
};

}  // namespace parprim::cuda_efficient::utf8
