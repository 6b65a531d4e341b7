// Work on a few marked words of a warp's segment, spread over the warp: each lane lists its
// marked words in order in shared memory (a warp scan of their counts), and the warp takes the
// listed words 32 at a time, each lane reading its word's window from the segment's words, which
// the kernel keeps in shared memory in input order. units_of (byte_window.cuh) runs so on the
// suspect words (segment_tests.cuh): with 1% errors a segment of 2 KiB holds about 7 errors in
// CJK text and 20 in ASCII text, so one or two rounds a warp in place of one a lane's word
// (utf8_gpu.md, rounds 20 and 21); and the validator's bytewise test on the words a byte 80-FF
// could make misplaced, where they are few (rounds 22 and 22b).
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/byte_window.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient::utf8 {

/// Lists this lane's marked words (bit 4 r + k: its word k of row r) in `list` as their
/// indices in the segment's input order (128 r + 4 lane + k, segment_rows' layout), the lanes'
/// in turn; returns how many the warp listed, the same in every lane. Every lane calls it; the
/// list is readable by the warp after a __syncwarp().
template <int Rows>
__device__ __forceinline__ std::uint32_t list_marked_words(std::uint32_t marked,
                                                           std::uint16_t* list) {
  constexpr int words = segment_rows<Rows>::words, row_words = 32 * words;
  const int lane = threadIdx.x & 31;
  std::uint32_t at = 0;
  const std::uint32_t total =
      __shfl_sync(full_warp, warp_inclusive(std::uint32_t(__popc(marked)), at), 31);
  for (std::uint32_t s = marked; s != 0; s &= s - 1) {
    const int bit = lowest_set_bit(s);
    list[at++] = static_cast<std::uint16_t>(row_words * (bit >> 2) + words * lane + (bit & 3));
  }
  return total;
}

/// Calls visit(w, window of word w) for each of the `total` listed words w, 32 at a time across
/// the warp. `words`: the segment's Rows * 128 words in input order in shared memory; `before`
/// and `after`: its halo words (the same in every lane). Lanes leave the loop at different
/// times: `visit` must not wait for other lanes.
template <int Rows, class Visit>
__device__ __forceinline__ void for_each_listed(const std::uint16_t* list, std::uint32_t total,
                                                const std::uint32_t* words, std::uint32_t before,
                                                std::uint32_t after, Visit visit) {
  constexpr int count = segment_rows<Rows>::bytes / 4;
  for (std::uint32_t j = threadIdx.x & 31; j < total; j += 32) {
    const int w = list[j];
    visit(w, byte_window{w > 0 ? words[w - 1] : before, words[w],
                         w + 1 < count ? words[w + 1] : after});
  }
}

}  // namespace parprim::cuda_efficient::utf8
