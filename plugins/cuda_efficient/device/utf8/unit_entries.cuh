// The decoder's deferred code points (lookback_decode.cuh, round 8 of
// docs/algorithms/utf8_gpu.md): where a lane finds a well-formed sequence of 2-4 bytes in a row
// that is not ASCII, it stores into the tile's packed output an *entry* (the start's byte in the
// tile) instead of the code point; the write-out turns each entry into its code point from the
// tile's bytes, kept in shared memory. A lane's 4 bytes hold up to 4 starts, and computing all 4
// code points under predicates costs the warp 4 decodes a word whenever its lanes' starts fall on
// different bytes (CJK, Cyrillic, Latin text); the write-out decodes once a code point, with
// every lane busy. A replaced unit is stored as U+FFFD itself (round 26: its code point needs
// no bytes), and, in tiles of few multi-byte characters, an ASCII byte as itself (round 25b).
// Host and device code alike, so that tests/plugins/cuda_efficient checks it on the CPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "device/utf8/byte_window.cuh"
#include "thread/byte_instructions.cuh"

namespace parprim::cuda_efficient::utf8 {

// A code point is at most 0x10FFFF, so bit 31 tells an entry from a code point.
inline constexpr std::uint32_t entry_tag = 0x80000000u;
inline constexpr std::uint32_t entry_position = 0x7FFFFFFFu;

/// The entry of a well-formed sequence starting at byte `position` of the tile.
__host__ __device__ __forceinline__ std::uint32_t unit_entry(std::uint32_t position) {
  return entry_tag | position;
}

/// The packed element of a unit that starts at byte `position` of the tile, `byte` its value: a
/// replaced unit (not `complete`) is U+FFFD; where `ascii_as_code_points`, an ASCII byte is its
/// own code point (and always a complete unit); any other start an entry.
__host__ __device__ __forceinline__ std::uint32_t packed_unit(std::uint32_t position,
                                                              std::uint32_t byte, bool complete,
                                                              bool ascii_as_code_points) {
  if (!complete) return parprim::utf8::replacement;
  return ascii_as_code_points && byte < 0x80 ? byte : unit_entry(position);
}

/// Packs the unit starts of one word of the tile into `packed` from `at` on, in order, and
/// returns the place after them: bit j of `starts` (of `complete`) says that byte j, at byte
/// `position + j` of the tile, starts a unit (a well-formed sequence); `bytes` is the word, read
/// only where `ascii_as_code_points`. The decoder's two ways of packing a row that is not ASCII
/// (by lane, word by word) both store a word's units through it.
__host__ __device__ __forceinline__ std::uint32_t pack_word_units(
    std::uint32_t* packed, std::uint32_t at, std::uint32_t position, std::uint32_t starts,
    std::uint32_t complete, std::uint32_t bytes, bool ascii_as_code_points) {
  for (int j = 0; j < 4; ++j)
    if (starts & (1u << j))
      packed[at++] = packed_unit(position + j, (bytes >> (8 * j)) & 0xFFu, (complete >> j) & 1u,
                                 ascii_as_code_points);
  return at;
}

/// An entry's code point, read from the tile's bytes as little-endian words (`tile_words`, with
/// the word after the tile's last, as the decoder's halo reads it: 0 past the input's end).
__host__ __device__ __forceinline__ std::uint32_t decode_entry(std::uint32_t entry,
                                                               const std::uint32_t* tile_words) {
  const std::uint32_t position = entry & entry_position;
  const std::uint32_t word = position >> 2;
  const std::uint32_t bytes = funnel(tile_words[word], tile_words[word + 1], 8 * (position & 3));
  return sequence_code_point(bytes);
}

/// What goes out for a packed element: an entry's code point, or a code point as it is.
__host__ __device__ __forceinline__ std::uint32_t code_point_of_entry(
    std::uint32_t element, const std::uint32_t* tile_words) {
  return element & entry_tag ? decode_entry(element, tile_words) : element;
}

/// The decoder's write-out step (packed_write.cuh's `emit`): each packed element to its code
/// point. A warp decodes a vector's 4 elements in 4 steps, each taken by the whole warp when any
/// lane needs it; where `by_lane_entries` (the same for the whole tile: Latin text, entries
/// about 4% of its elements), each lane instead decodes only its entries, one a round, and the
/// warp pays as many rounds as its lane with the most (about 1.3, where 4 steps nearly always
/// ran). Where entries are rarer still (ASCII text with errors), most steps are skipped by the
/// whole warp, and the steps were the faster (round 25, utf8_gpu.md).
struct entry_decoder {
  const std::uint32_t* tile_words;
  bool by_lane_entries;

  __host__ __device__ __forceinline__ std::uint32_t operator()(std::uint32_t element) const {
    return code_point_of_entry(element, tile_words);
  }

  /// A whole vector of 4 elements, in place.
  __host__ __device__ __forceinline__ void finish_vector(std::uint32_t (&e)[4]) const {
    if (!by_lane_entries) {
      // One test for the vector before the four steps': ASCII text, with errors or without,
      // holds nearly no entries and took 0.98x the time; the dense mixes, every vector of
      // theirs an entry's, 1.004-1.010x (round 29b, utf8_gpu.md). Taking the test only in
      // tiles of few entries cost them more still (round 29c).
      if (((e[0] | e[1] | e[2] | e[3]) & entry_tag) == 0) return;
      for (int j = 0; j < 4; ++j) e[j] = code_point_of_entry(e[j], tile_words);
      return;
    }
    std::uint32_t pending = 0;  // bit j: e[j] is an entry
    for (int j = 0; j < 4; ++j) pending |= (e[j] >> 31) << j;
    while (pending != 0) {
      const int j = lowest_set_bit(pending);
      pending &= pending - 1;
      // Selects, not e[j]: an index known only at run time would put e in local memory.
      const std::uint32_t cp = decode_entry(j == 0   ? e[0]
                                            : j == 1 ? e[1]
                                            : j == 2 ? e[2]
                                                     : e[3],
                                            tile_words);
      for (int k = 0; k < 4; ++k) e[k] = j == k ? cp : e[k];
    }
  }
};

}  // namespace parprim::cuda_efficient::utf8
