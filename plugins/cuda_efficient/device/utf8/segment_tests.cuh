// The tests a warp runs on its segment (byte_rows.cuh) before any unit is found: which rows are
// ASCII (every byte a unit and its own code point, no window needed), and which words may hold
// the start of an ill-formed subpart (suspect_words.cuh: the words next to a byte the bytewise
// test of well_formed_bytes.cuh finds misplaced). Every other word of a row that is not ASCII
// holds well-formed units only: each starts at a byte that is not a continuation byte and is
// complete. So units_of, whose maximal-subpart bookkeeping costs several times the test, runs on
// the suspect words alone (suspect_list.cuh; utf8_gpu.md rounds 20 and 21; until then on every
// word of every row next to a misplaced row).
//
// At the segment's two ends the halo words stand in for the bytes outside it, on the weaker test
// their own halo allows (placed_bytes::unmet_needs): a segment with no misplaced byte whose halos
// pass holds no ill-formed subpart (tests/plugins/cuda_efficient/device/utf8/
// test_well_formed_bytes.cpp checks that conclusion for one word from exactly these inputs, and
// test_suspect_words.cpp the whole classification, segment by segment, against the oracle).
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/suspect_words.cuh"
#include "device/utf8/well_formed_bytes.cuh"

namespace parprim::cuda_efficient::utf8 {

/// Whether a lead in the last 3 bytes of w needs bytes after w: byte 3 C0-FF, byte 2 E0-FF,
/// byte 1 F0-FF. An ASCII row's bytes are misplaced exactly when the word before it says so.
__device__ __forceinline__ bool needs_beyond(std::uint32_t w) {
  return w >= 0xC0000000u || (w & 0x00FF0000u) >= 0x00E00000u || (w & 0x0000FF00u) >= 0x0000F000u;
}

/// Where the warp's segment holds bytes 80-FF (the same in every lane; all call it).
struct high_byte_rows {
  std::uint32_t ascii;       // bit r: row r holds none (every byte a unit and its own code point)
  std::uint32_t high_lanes;  // how many of the lanes' rows (32 a row) hold one
};

template <int Rows>
__device__ __forceinline__ high_byte_rows high_bytes_of_rows(const segment_rows<Rows>& rows) {
  high_byte_rows found{0, 0};
#pragma unroll
  for (int r = 0; r < Rows; ++r) {
    const std::uint32_t lanes = rows.row_high_lanes(r);
    found.ascii |= static_cast<std::uint32_t>(lanes == 0) << r;
    found.high_lanes += static_cast<std::uint32_t>(__popc(lanes));
  }
  return found;
}

/// Bit k: this lane's word k of row r holds a misplaced byte. Every lane of the warp calls it
/// (a shuffle for the word before the lane's first; the others are the lane's own).
template <int Rows>
__device__ __forceinline__ std::uint32_t misplaced_words(const segment_rows<Rows>& rows, int r) {
  std::uint32_t before = rows.word_before(r), before_high = high_selector(before), bits = 0;
#pragma unroll
  for (int k = 0; k < rows.words; ++k) {
    const std::uint32_t word = rows.word[r * rows.words + k], word_high = high_selector(word);
    bits |= static_cast<std::uint32_t>(
                place_bytes(before, word, before_high, word_high).misplaced() != 0)
            << k;
    before = word, before_high = word_high;
  }
  return bits;
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

/// This lane's suspect words, from its misplaced words `own` (bit 4 r + k: its word k of row r)
/// and the halos' test: 0 in every lane where no lane has one and the halos pass. Every lane of
/// the warp calls it (shuffles and votes).
template <int Rows>
__device__ __forceinline__ std::uint32_t suspects_of_misplaced(const segment_rows<Rows>& rows,
                                                               std::uint32_t own) {
  const int lane = threadIdx.x & 31;
  const std::uint32_t halos = halo_votes(rows);
  if (!__any_sync(full_warp, own != 0) && halos == 0) return 0;
  const std::uint32_t previous_lane = __shfl_sync(full_warp, own, (lane + 31) & 31);
  const std::uint32_t next_lane = __shfl_sync(full_warp, own, (lane + 1) & 31);
  return suspect_words<Rows>(own, previous_lane, next_lane, lane);
}

/// What the tests found in a warp's segment.
struct segment_kinds {
  std::uint32_t ascii;     // bit r: row r is ASCII (the same in every lane)
  std::uint32_t suspects;  // bit 4 r + k: this lane's word k of row r is a suspect word
};

/// The segment's kinds, its ASCII rows (bit r) known. `suspects` is 0 in every lane where no
/// byte of the segment is misplaced and its halos pass. Every lane of the warp calls it
/// (shuffles and votes).
template <int Rows>
__device__ __forceinline__ segment_kinds kinds_of_segment(const segment_rows<Rows>& rows,
                                                          std::uint32_t ascii) {
  constexpr std::uint32_t all_rows = (1u << Rows) - 1;
  const int lane = threadIdx.x & 31;
  if (ascii == all_rows) return {ascii, 0};  // the same in every lane, as every branch here
  std::uint32_t own = 0;
#pragma unroll
  for (int r = 0; r < Rows; ++r) {
    // An ASCII row's bytes are misplaced only where the word before the row needs them: its
    // first word's, in lane 0.
    if ((ascii >> r) & 1u) {
      const bool needed = needs_beyond(rows.word_before_row(r));  // a shuffle: every lane
      own |= static_cast<std::uint32_t>(lane == 0 && needed) << (4 * r);
    } else {
      own |= misplaced_words(rows, r) << (4 * r);
    }
  }
  return {ascii, suspects_of_misplaced(rows, own)};
}

template <int Rows>
__device__ __forceinline__ segment_kinds kinds_of_segment(const segment_rows<Rows>& rows) {
  return kinds_of_segment(rows, high_bytes_of_rows(rows).ascii);
}

}  // namespace parprim::cuda_efficient::utf8
