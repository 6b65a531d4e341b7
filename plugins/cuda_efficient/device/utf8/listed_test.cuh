// The bytewise test (well_formed_bytes.cuh) on the candidate words of a warp's segment only:
// a byte is misplaced only where it or one of the 3 bytes before it is 80-FF, so only the words
// holding such a byte and the words right after them can hold a misplaced byte. Where few of a
// segment's lanes' rows hold a byte 80-FF (Latin text, ASCII text with errors), the warp lists
// its candidates, as suspect_list.cuh lists the suspects, and tests them 32 at a time, each
// word's neighbours read from the segment's words in shared memory; the misplaced words go back
// to their lanes through a byte a word. A denser segment tests every word of its rows
// (segment_tests.cuh's misplaced_words), which costs it less than counting and listing would.
// The validator (rounds 22b and 23 of utf8_gpu.md) and the decoder (round 27) both take it.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/suspect_list.cuh"
#include "device/utf8/suspect_words.cuh"
#include "device/utf8/well_formed_bytes.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient::utf8 {

/// A segment with at most this many of its lanes' rows (32 a row) holding a byte 80-FF counts
/// its candidates: three quarters, which nearly every Latin segment stays under (about 47% of its
/// lanes' rows hold one, 55% with 1% errors) and every dense mix passes (round 23; half, in round
/// 22b, sent about half of the Latin segments to the full test).
template <int Rows>
inline constexpr std::uint32_t listed_high_lanes_limit = 24 * Rows;

/// A segment with at most this many candidates tests only those, listed: half its words, so
/// that the list takes at most half the rounds of 32 words the full test takes.
template <int Rows>
inline constexpr std::uint32_t listed_test_limit = segment_rows<Rows>::bytes / 8;

/// Bit 4 r + k: this lane's word k of row r holds a byte 80-FF.
template <int Rows>
__device__ __forceinline__ std::uint32_t high_words(const segment_rows<Rows>& rows) {
  std::uint32_t bits = 0;
#pragma unroll
  for (int i = 0; i < Rows * segment_rows<Rows>::words; ++i)
    bits |= static_cast<std::uint32_t>((rows.word[i] & bytewise::high) != 0) << i;
  return bits;
}

/// Where the segment should take the listed test, calls `test(candidates)` with the words it
/// takes in this lane (bit 4 r + k: its word k of row r), and says so: not where more than
/// listed_high_lanes_limit of its lanes' rows hold a byte 80-FF (`high_lanes`,
/// high_bytes_of_rows') or more than listed_test_limit of its words are candidates. The answer
/// is the same in every lane; every lane of the warp calls it.
template <int Rows, class Test>
__device__ __forceinline__ bool take_listed_test(const segment_rows<Rows>& rows,
                                                 std::uint32_t high_lanes, Test test) {
  if (high_lanes > listed_high_lanes_limit<Rows>) return false;
  const int lane = threadIdx.x & 31;
  const std::uint32_t high = high_words(rows);
  // The words with a byte 80-FF, the words after them, and the segment's first word where the
  // halo word before it has one.
  const std::uint32_t candidates =
      high | words_after_marked<Rows>(high, __shfl_sync(full_warp, high, (lane + 31) & 31), lane) |
      (lane == 0 && (rows.before_segment & bytewise::high) != 0 ? 1u : 0u);
  if (warp_sum(static_cast<std::uint32_t>(__popc(candidates))) > listed_test_limit<Rows>)
    return false;
  test(candidates);
  return true;
}

/// This lane's misplaced words (bit 4 r + k), testing only its `candidates`, listed and taken 32
/// at a time by the warp. The segment's words are in `words` (in input order: row r's lane l's
/// word k at 32 words r + words l + k), written before the call; `marks` (a byte a word) and
/// `list` (a 16-bit index a word) are the warp's scratch space, free again when it returns.
/// Every lane of the warp calls it.
template <int Rows>
__device__ __forceinline__ std::uint32_t misplaced_by_list(
    std::uint32_t candidates, const typename segment_rows<Rows>::halo_words& halos,
    const std::uint32_t* words, std::uint8_t* marks, std::uint16_t* list) {
  constexpr int lane_words = segment_rows<Rows>::words, row_words = 32 * lane_words;
  static_assert(lane_words == 4, "a lane's marks of a row are one 32-bit word");
  const int lane = threadIdx.x & 31;
  // Each lane clears 4 Rows bytes of the marks in one store.
  if constexpr (Rows == 4) {
    reinterpret_cast<uint4*>(marks)[lane] = make_uint4(0, 0, 0, 0);
  } else {
    static_assert(Rows == 2, "the validator's segments are 4 rows, the decoder's 2");
    reinterpret_cast<uint2*>(marks)[lane] = make_uint2(0, 0);
  }
  const std::uint32_t total = list_marked_words<Rows>(candidates, list);
  __syncwarp();  // the list, the cleared marks and the segment's words
  for_each_listed<Rows>(list, total, words, halos.before, halos.after,
                        [&](int w, const byte_window& window) {
                          if (place_bytes(window.before, window.word).misplaced() != 0)
                            marks[w] = 1;
                        });
  __syncwarp();
  std::uint32_t own = 0;
#pragma unroll
  for (int r = 0; r < Rows; ++r) {
    const std::uint32_t lane_marks =
        *reinterpret_cast<const std::uint32_t*>(marks + row_words * r + lane_words * lane);
    own |= nibble_of(lane_marks << 7) << (4 * r);  // each mark 0 or 1 a byte
  }
  return own;
}

}  // namespace parprim::cuda_efficient::utf8
