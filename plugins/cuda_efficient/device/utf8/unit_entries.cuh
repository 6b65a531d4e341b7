// The decoder's deferred code points (lookback_decode.cuh, round 8 of
// docs/algorithms/utf8_gpu.md): where a lane finds a unit start in a row that is not ASCII, it
// stores into the tile's packed output an *entry* (the start's byte in the tile, and whether a
// well-formed sequence starts there) instead of the code point; the write-out turns each entry
// into its code point from the tile's bytes, kept in shared memory. A lane's 4 bytes hold up to 4
// starts, and computing all 4 code points under predicates costs the warp 4 decodes a word
// whenever its lanes' starts fall on different bytes (CJK, Cyrillic, Latin text); the write-out
// decodes once a code point, with every lane busy.
// Host and device code alike, so that tests/plugins/cuda_efficient checks it on the CPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "device/utf8/byte_window.cuh"

namespace parprim::cuda_efficient::utf8 {

// A code point is at most 0x10FFFF, so bit 31 tells an entry from a code point.
inline constexpr std::uint32_t entry_tag = 0x80000000u;
inline constexpr std::uint32_t entry_complete = 0x40000000u;
inline constexpr std::uint32_t entry_position = 0x3FFFFFFFu;

/// The entry of a unit starting at byte `position` of the tile (a well-formed sequence when
/// `complete`, else a maximal subpart, replaced).
__host__ __device__ __forceinline__ std::uint32_t unit_entry(std::uint32_t position,
                                                             bool complete) {
  return entry_tag | (complete ? entry_complete : 0u) | position;
}

/// What goes out for a packed element: an entry's code point, read from the tile's bytes as
/// little-endian words (`tile_words`, with the word after the tile's last, as the decoder's
/// halo reads it: 0 past the input's end), or a code point as it is.
__host__ __device__ __forceinline__ std::uint32_t code_point_of_entry(
    std::uint32_t element, const std::uint32_t* tile_words) {
  if (!(element & entry_tag)) return element;
  const std::uint32_t position = element & entry_position;
  const std::uint32_t word = position >> 2;
  const std::uint32_t bytes = funnel(tile_words[word], tile_words[word + 1], 8 * (position & 3));
  return code_point_from(bytes, (element & entry_complete) != 0);
}

}  // namespace parprim::cuda_efficient::utf8
