// Which rows of a warp's segment (byte_rows.cuh) the UTF-8 kernels may take the short way:
// ASCII rows (every byte a unit and its own code point), and rows of well-formed text, found by
// the bytewise test of well_formed_bytes.cuh, whose units start at the bytes that are not
// continuation bytes and are all complete. Every other row goes through units_of, whose
// maximal-subpart bookkeeping costs about three times the test.
//
// A row is well-formed here when the rows on both sides of it are too: a unit that starts in
// the row may end in the next one (up to 3 bytes on), and whether a continuation byte at the
// row's start belongs to a lead depends on the 2 bytes before the row. At the segment's two ends
// the halo words stand in for those rows, on the weaker test their own halo allows
// (placed_bytes::unmet_needs). tests/plugins/cuda_efficient/device/utf8/test_well_formed_bytes.cpp
// checks, on the CPU, the conclusion for one word from exactly these inputs.
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/well_formed_bytes.cuh"

namespace parprim::cuda_efficient::utf8 {

/// Bit r: the warp's row r is of that kind (the same in every lane).
struct row_kinds {
  std::uint32_t ascii;
  std::uint32_t well_formed;  // and not ASCII
};

/// Whether a lead in the last 3 bytes of w needs bytes after w: byte 3 C0-FF, byte 2 E0-FF,
/// byte 1 F0-FF. An ASCII row's bytes are misplaced exactly when the word before it says so.
__device__ __forceinline__ bool needs_beyond(std::uint32_t w) {
  return w >= 0xC0000000u || (w & 0x00FF0000u) >= 0x00E00000u || (w & 0x0000FF00u) >= 0x0000F000u;
}

/// Bit r: the warp's row r is ASCII (the same in every lane; all call it).
template <int Rows>
__device__ __forceinline__ std::uint32_t ascii_rows(const segment_rows<Rows>& rows) {
  std::uint32_t ascii = 0;
#pragma unroll
  for (int r = 0; r < Rows; ++r) ascii |= static_cast<std::uint32_t>(rows.row_ascii(r)) << r;
  return ascii;
}

/// Bit k: this lane's word k of row r holds a misplaced byte. Every lane of the warp calls it
/// (a shuffle for the word before the lane's first; the others are the lane's own).
template <int Rows>
__device__ __forceinline__ std::uint32_t misplaced_words(const segment_rows<Rows>& rows, int r) {
  std::uint32_t before = rows.word_before(r), before_high = high_selector(before), bits = 0;
#pragma unroll
  for (int k = 0; k < rows.words; ++k) {
    const std::uint32_t word = rows.word[r * rows.words + k], word_high = high_selector(word);
    bits |= static_cast<std::uint32_t>(place_bytes(before, word, before_high, word_high)
                                           .misplaced() != 0)
            << k;
    before = word, before_high = word_high;
  }
  return bits;
}

/// Whether any byte of the warp's row r is misplaced (the same answer in every lane; all call
/// it).
template <int Rows>
__device__ __forceinline__ bool row_misplaced(const segment_rows<Rows>& rows, int r) {
  return __any_sync(full_warp, misplaced_words(rows, r) != 0);
}

/// The halo bytes next to the segment on the weaker test their own halo allows
/// (placed_bytes::unmet_needs): bit 0 the 2 bytes before it (lane 0's test), bit 31 the 3 after
/// it (lane 31's), in one vote. Every lane of the warp calls it.
template <int Rows>
__device__ __forceinline__ std::uint32_t halo_votes(const segment_rows<Rows>& rows) {
  const bool first = (threadIdx.x & 31) == 0;
  const std::uint32_t unmet =
      place_bytes(first ? 0u : rows.last_word(), first ? rows.before_segment : rows.after_segment)
          .unmet_needs() &
      (first ? 0xFFFF0000u : 0x00FFFFFFu);
  return __ballot_sync(full_warp, unmet != 0) & 0x80000001u;
}

/// The kinds of the segment's rows. Every lane of the warp calls it (shuffles and votes).
/// Text with errors has one in nearly every row, where the test would only add to units_of's
/// cost: after the first misplaced row, the later rows are not tested and go through units_of.
template <int Rows>
__device__ __forceinline__ row_kinds kinds_of_rows(const segment_rows<Rows>& rows) {
  static_assert(Rows + 2 <= 32, "the rows and the two halos are bits of one word");
  constexpr std::uint32_t all_rows = (1u << Rows) - 1;
  const std::uint32_t ascii = ascii_rows(rows);
  if (ascii == all_rows) return {ascii, 0};  // the same in every lane, as every branch here
  std::uint32_t misplaced = 0;
#pragma unroll
  for (int r = 0; r < Rows; ++r) {
    if (misplaced != 0) {
      misplaced |= all_rows & ~((1u << r) - 1);
      break;
    }
    const bool bad =
        (ascii >> r) & 1u ? needs_beyond(rows.word_before_row(r)) : row_misplaced(rows, r);
    misplaced |= static_cast<std::uint32_t>(bad) << r;
  }
  // The halo bytes next to the segment, where the first (last) row may still be well-formed:
  // the 2 bytes before it (lane 0's test) and the 3 after it (lane 31's), in one call.
  const bool test_before = ((ascii & 1u) | (misplaced & 3u)) == 0;
  const bool test_after = (((ascii >> (Rows - 1)) & 1u) | ((misplaced >> (Rows - 2)) & 3u)) == 0;
  std::uint32_t before_bad = 0, after_bad = 0;
  if (test_before || test_after) {
    const std::uint32_t votes = halo_votes(rows);
    before_bad = test_before ? votes & 1u : 0u;
    after_bad = test_after ? votes >> 31 : 0u;
  }
  // Bit 0 the bytes before the segment, bit r + 1 row r, bit Rows + 1 the bytes after it.
  const std::uint32_t extended = before_bad | (misplaced << 1) | (after_bad << (Rows + 1));
  const std::uint32_t near = extended | (extended >> 1) | (extended >> 2);  // rows r-1, r, r+1
  return {ascii, ~near & ~ascii & all_rows};
}

}  // namespace parprim::cuda_efficient::utf8
