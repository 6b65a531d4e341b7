// Which words of a warp's segment (byte_rows.cuh) may hold the start of an ill-formed subpart:
// the validator runs units_of (byte_window.cuh), about six times the bytewise test's cost a
// word, on those words alone (utf8_gpu.md, round 20).
//
// The rule: an ill-formed subpart that starts at byte i leaves a misplaced byte (the bytewise
// test of well_formed_bytes.cuh, each byte judged with the real bytes before it) within
// i - 3 .. i + 3. So a word holds no such start unless it, the word before it or the word after
// it holds a misplaced byte. Suppose none of i - 3 .. i + 3 is misplaced:
//   - i is C0, C1 or F5-FF: byte i + 1 is needed (a byte C0-FF is just before it), so it is a
//     continuation byte, and then the pair is an exception (overlong, bad lead): misplaced.
//   - i is a lead C2-F4 of length L: bytes i + 1 .. i + L - 1 are needed, so they are
//     continuation bytes, the first within its bounds (else the pair is an exception): the
//     sequence is well-formed.
//   - i is a continuation byte: it is needed, so a byte C0-FF lies 1-3 before it; let j be the
//     nearest byte before i that is not a continuation byte (j >= i - 3), so j + 1 .. i are
//     needed continuation bytes. If j is ASCII, whatever lead needs j + 1 lies before j and needs
//     j too, which is not a continuation byte: misplaced. If j is C0, C1 or F5-FF, j + 1 is
//     misplaced (the first case). So j is a lead C2-F4 of length L. If i - j >= L, byte j + L is
//     a continuation byte that nothing needs (j's need ends before it, and a lead before j that
//     reached it would need j): misplaced. So i - j < L, and j takes i (units_of's rule).
//   - an ASCII byte is a complete unit.
// tests/plugins/cuda_efficient/device/utf8/test_suspect_words.cpp checks the rule against
// units_of and the oracle, and suspect_words' lane arithmetic against the rule.
//
// A segment's first and last words are always suspects where any word is: their neighbours
// outside it are not tested (a halo word's bytes would be judged without the bytes before them).
// Host and device code alike, as byte_window.cuh; validate_utf8.cuh applies it to a segment.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace parprim::cuda_efficient::utf8 {

namespace lane_words {
inline constexpr std::uint32_t first = 0x11111111u, last = 0x88888888u;  // words 0 and 3 a row
template <int Rows>
inline constexpr std::uint32_t all = Rows == 8 ? 0xFFFFFFFFu : (1u << (4 * Rows)) - 1;
}  // namespace lane_words

/// The words right after the marked ones, in a lane's layout (bit 4 r + k: its word k of row r),
/// from its own marks and lane - 1's (for lane 0, lane 31's, whose row r - 1 comes before the
/// lane's row r).
template <int Rows>
__host__ __device__ __forceinline__ std::uint32_t words_after_marked(std::uint32_t own,
                                                                     std::uint32_t previous_lane,
                                                                     int lane) {
  static_assert(Rows >= 1 && Rows <= 8, "4 bits a row of one word");
  // The neighbour's word 3 of the same row (lane 0: lane 31's of the row before) for word 0.
  const std::uint32_t from_before = lane == 0 ? previous_lane << 1 : previous_lane >> 3;
  return (((own << 1) & ~lane_words::first) | (from_before & lane_words::first)) &
         lane_words::all<Rows>;
}

/// The words right before the marked ones (words_after_marked's mirror, from lane + 1's marks;
/// for lane 31, lane 0's, whose row r + 1 comes after the lane's row r).
template <int Rows>
__host__ __device__ __forceinline__ std::uint32_t words_before_marked(std::uint32_t own,
                                                                      std::uint32_t next_lane,
                                                                      int lane) {
  static_assert(Rows >= 1 && Rows <= 8, "4 bits a row of one word");
  const std::uint32_t from_after = lane == 31 ? next_lane >> 1 : next_lane << 3;
  return (((own >> 1) & ~lane_words::last) | (from_after & lane_words::last)) &
         lane_words::all<Rows>;
}

/// A lane's suspect words (bit 4 r + k: its word k of row r), from its misplaced words `own` in
/// the same layout and its neighbours' (`previous_lane` lane - 1's, `next_lane` lane + 1's, as
/// above). The segment's first and last words are suspects too.
template <int Rows>
__host__ __device__ __forceinline__ std::uint32_t suspect_words(std::uint32_t own,
                                                                std::uint32_t previous_lane,
                                                                std::uint32_t next_lane, int lane) {
  const std::uint32_t ends = (lane == 0 ? 1u : 0u) | (lane == 31 ? 1u << (4 * Rows - 1) : 0u);
  return own | words_after_marked<Rows>(own, previous_lane, lane) |
         words_before_marked<Rows>(own, next_lane, lane) | ends;
}

}  // namespace parprim::cuda_efficient::utf8
