// How many rows of 512 bytes each warp of the UTF-8 decoder's tile takes (device/utf8/
// lookback_decode.cuh): 2 (8 KiB tiles) or 1 (4 KiB). Host code, so that the tests check the rule
// without a GPU.
//
// Why by size: a launch of the decoder pays a fixed cost beside its pace a byte (utf8_gpu.md,
// round 38: on an H200 the line through its times at 3 and 4 waves of tiles meets n = 0 at 13.5
// µs for Cyrillic text and 5.6 for ASCII, a quarter of the time at 2^24), and a tile of one row
// a warp halves a block's time and its code (50 KB of SASS against 98 KB), which that cost
// follows, at the price of twice the look-backs and barriers a byte. So small inputs take one row
// and large ones two.
#pragma once

#include <cstdint>

namespace parprim::cuda_efficient {

/// Inputs of fewer bytes than this take tiles of one row a warp.
inline constexpr std::uint64_t decode_one_row_below = std::uint64_t(1) << 26;

/// The rows for n input bytes: `chosen` (the variant's tile_rows parameter) where it is 1 or 2,
/// else (0) by size.
constexpr int decode_rows_for(std::uint64_t n, std::int64_t chosen = 0) {
  if (chosen == 1 || chosen == 2) return static_cast<int>(chosen);
  return n < decode_one_row_below ? 1 : 2;
}

}  // namespace parprim::cuda_efficient
