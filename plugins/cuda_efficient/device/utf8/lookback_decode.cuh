// UTF-8 decoding `lookback` (issue 34): one pass, the decoupled look-back of the scan and the
// compaction (single_pass/) over the count of code points each tile emits. A block loads its
// tile (byte_rows.cuh: rows of 512 bytes, 16 a lane, a 4-byte halo at each end of a warp's
// segment), finds which bytes start a unit of decoding (a well-formed sequence or a maximal
// subpart, each one code point out: the bytes that are not continuation bytes, but in the words
// next to a misplaced byte, segment_tests.cuh, where units_of decides), counts them with
// shuffles, publishes the count, looks back for how many code points the earlier tiles emit,
// and packs its output into shared memory in order: an ASCII row's bytes as its code points, any
// other row's well-formed sequences as entries (unit_entries.cuh) that the write-out decodes from
// the tile's bytes, also kept in shared memory, once a code point, its replaced units as U+FFFD,
// and, in a tile of few multi-byte characters, its ASCII bytes as code points. The tile goes out
// as whole 16-byte vectors (packed_write.cuh).
// Reads n bytes and a halo, writes 4 bytes per code point: the floor the issue measures
// against. The tile that is last in the array writes the count.
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/segment_tests.cuh"
#include "device/utf8/suspect_list.cuh"
#include "device/utf8/unit_entries.cuh"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"
#include "single_pass/decoupled_lookback.cuh"
#include "single_pass/packed_pass.cuh"
#include "single_pass/packed_write.cuh"
#include "single_pass/warp_striped_tile.cuh"

namespace parprim::cuda_efficient::utf8 {

inline constexpr int decode_block_threads = 256;
// 2 rows of 512 bytes a warp, a lane's 16 consecutive bytes of each (byte_rows.cuh): 32 bytes
// a thread, 8 KiB a tile. One 16-byte load and store a row, one warp scan a row for 4 words
// (round 18, utf8_gpu.md; rows of 128 bytes, one word a lane, until round 17).
inline constexpr int decode_rows = 2;
// Blocks an SM the registers must allow: 5 (47 registers, no spills on sm_90). With 4 (60
// registers) the SM's warps spent 42% of their time waiting at the look-back's barrier (ASCII,
// Nsight Compute); 5 took 0.91-0.97x the time of 4 without errors (round 8, utf8_gpu.md).
inline constexpr int decode_blocks_per_sm = 5;
using decode_segment = segment_rows<decode_rows>;
// A row that is not ASCII and holds at most this many units (of its 512 bytes) is packed by
// lane, each lane its own 16 bytes' units in order; a denser one (ASCII text with errors: about
// 508) word by word. 500 takes Latin rows (about 492) by lane: 0.98x of the time of 448 for
// Latin text, 1.01x for ASCII text with errors (round 24, utf8_gpu.md).
inline constexpr std::uint32_t lane_packing_limit = 500;
inline constexpr std::uint64_t decode_tile =
    std::uint64_t(decode_block_threads / 32) * decode_segment::bytes;
// A tile of at least 7/8 code points a byte (Latin text, ASCII text with errors: entries at most
// about 14% of its units) packs its ASCII bytes as code points, and, where they are at most 98%
// of its bytes, finishes its vectors by each lane's entries (round 25b, utf8_gpu.md). In a tile
// of more multi-byte characters, code points among its entries left the write-out's lanes
// divergent: 1.06-1.08x the time (round 25).
inline constexpr std::uint64_t ascii_as_code_points_min_units = 7 * decode_tile / 8;
inline constexpr std::uint64_t by_lane_entries_max_units = 49 * decode_tile / 50;
// The shared memory's words: the tile's and the word after it.
inline constexpr std::uint64_t decode_tile_words = decode_tile / 4 + 1;

/// Dynamic shared memory: the tile's packed output (code points and entries, one per byte at
/// most) after a shift of less than one 16-byte vector, then the tile's bytes as words and the
/// word after them, from which the write-out decodes the entries.
template <class I>
__global__ void __launch_bounds__(decode_block_threads, decode_blocks_per_sm)
    lookback_decode_tile(const std::uint8_t* in, std::uint32_t* out, std::uint64_t* count,
                         std::uint64_t n, std::uint64_t tiles, tile_states_view<I> states) {
  constexpr int rows_count = decode_rows, words = decode_segment::words;
  static_assert(rows_count * words * 4 <= 32, "a lane's unit starts are a bit a byte of a word");
  static_assert(3 * decode_segment::bytes / 4 * (decode_block_threads / 32) <= 4 * decode_tile,
                "the warps' suspect units and lists fit in the packed output's shared memory");
  constexpr int segment_words = decode_segment::bytes / 4;
  constexpr int row_words = 32 * words;  // a warp's row
  constexpr int tile_words_count = static_cast<int>(decode_tile / 4);
  __shared__ tile_offsets<I> offsets;
  std::uint32_t* packed = cuda::dynamic_shared<std::uint32_t>();
  std::uint32_t* tile_words = packed + 4 * tile_words_count + 4;  // 16-byte aligned
  const bool single = tiles == 1;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  // The tile the counter will give is most likely blockIdx.x: its loads go out before the
  // counter answers and are repeated only where the answer differs (load_block_tile's rule).
  decode_segment rows(in, n, blockIdx.x, warp);
  const std::uint64_t tile = block_tile_id(states, single);
  if (tile != blockIdx.x) rows.load(in, tile, warp);
  rows.store_words(tile_words + warp * segment_words);
  if (warp == decode_block_threads / 32 - 1 && lane == 31)
    tile_words[tile_words_count] = rows.after_segment;

  const segment_kinds kinds = kinds_of_segment(rows);
  const std::uint32_t ascii_rows = kinds.ascii;  // bit r: the warp's row r is ASCII
  // The units of the warp's suspect words (segment_tests.cuh), a byte each (its starts, its
  // completes above them) for the lanes that hold them: scratch space in the packed output's
  // shared memory, which no warp writes before the look-back's barriers.
  std::uint8_t* const suspect_units =
      reinterpret_cast<std::uint8_t*>(packed) + warp * (3 * segment_words);
  if (__any_sync(full_warp, kinds.suspects != 0)) {
    auto* const list = reinterpret_cast<std::uint16_t*>(suspect_units + segment_words);
    const std::uint32_t total = list_marked_words<rows_count>(kinds.suspects, list);
    __syncwarp();  // the list, and the segment's words in tile_words
    const auto halos = rows.halos();
    for_each_listed<rows_count>(list, total, tile_words + warp * segment_words, halos.before,
                                halos.after, [&](int w, const byte_window& window) {
                                  const word_units u = units_of(window);
                                  suspect_units[w] =
                                      static_cast<std::uint8_t>(u.starts | u.complete << 4);
                                });
    __syncwarp();
  }
  // Bit 4 (words r + k) + j: the lane's byte j of word k of row r starts a unit (`starts`), a
  // well-formed sequence (`complete`).
  std::uint32_t starts = 0, complete = 0;
  std::uint32_t row_at[rows_count];  // where this lane's code points of row r start in the warp's
  warp_offsets before;               // code points of the warp's earlier rows
  std::uint32_t lane_packed = 0;     // bit r: row r is packed by lane (the same in every lane)
#pragma unroll
  for (int r = 0; r < rows_count; ++r) {
#pragma unroll
    for (int k = 0; k < words; ++k) {
      const int bit = 4 * (words * r + k);
      word_units u{0xFu, 0xFu};         // ASCII: every byte a complete unit
      if (!((ascii_rows >> r) & 1u)) {  // the same in every lane
        // Outside the suspect words, the units of well-formed text.
        const std::uint32_t lead_bytes = well_formed_units(rows.word[words * r + k]);
        u = {lead_bytes, lead_bytes};
        if ((kinds.suspects >> (words * r + k)) & 1u) {
          const std::uint32_t found = suspect_units[row_words * r + words * lane + k];
          u = {found & 0xFu, found >> 4};
        }
      }
      starts |= u.starts << bit;
      complete |= u.complete << bit;
    }
  }
  starts &= rows.bytes_in_input_bits();  // the same bits: 16 r + 4 k + j
#pragma unroll
  for (int r = 0; r < rows_count; ++r) {
    const std::uint32_t rows_before = before.total;
    row_at[r] = before.add(static_cast<std::uint32_t>(__popc(row_bits(starts, r))));
    lane_packed |= static_cast<std::uint32_t>(before.total - rows_before <= lane_packing_limit)
                   << r;
  }
  const tile_output o = resolve_tile_output(offsets, states, tile, single, before.total, out);
  const std::uint64_t tile_units = o.total;
  const bool ascii_as_code_points = tile_units >= ascii_as_code_points_min_units;
  const bool by_lane_entries = ascii_as_code_points && tile_units <= by_lane_entries_max_units;
  // Into shared memory in order. A lane that packs its own 16 bytes puts its stores as many
  // places from its neighbours' as it has units: cheap for multi-byte text (no shuffles, few
  // bank conflicts), but 16-way conflicts for ASCII-like rows (round 18). So an ASCII row is
  // stored by place, lane l the row's places l, l + 32, ... (its i-th code point is its byte
  // i); a row of at most lane_packing_limit units by lane; any other row word by word, lane l
  // the row's words l, l + 32, ..., whose starts and offsets it takes from the word's lane in
  // the load's layout, so that a store's lanes lie as many places apart as a word has starts.
  const int warp_first_word = warp * segment_words;
#pragma unroll
  for (int r = 0; r < rows_count; ++r) {
    const int row_first_word = warp_first_word + row_words * r;
    const std::uint32_t row_starts = row_bits(starts, r);
    if (ascii_rows & (1u << r)) {  // the same in every lane of the warp
      const std::uint32_t at = o.warp_at + __shfl_sync(full_warp, row_at[r], 0);
      const std::uint32_t in_row =
          __shfl_sync(full_warp, row_at[r] + __popc(row_starts), 31) - (at - o.warp_at);
      const auto* bytes = reinterpret_cast<const std::uint8_t*>(tile_words + row_first_word);
#pragma unroll
      for (int m = 0; m < 4 * words; ++m) {
        const std::uint32_t i = lane + 32 * m;
        if (i < in_row) packed[at + i] = bytes[i];
      }
    } else if (lane_packed & (1u << r)) {  // the same in every lane of the warp
      const std::uint32_t row_complete = row_bits(complete, r);
      const int first = row_first_word + words * lane;
      const uint4 own = *reinterpret_cast<const uint4*>(tile_words + first);
      const std::uint32_t own_words[words] = {own.x, own.y, own.z, own.w};
      std::uint32_t at = o.warp_at + row_at[r];
#pragma unroll
      for (int k = 0; k < words; ++k)
        at = pack_word_units(packed, at, static_cast<std::uint32_t>(4 * (first + k)),
                             (row_starts >> (4 * k)) & 0xFu, (row_complete >> (4 * k)) & 0xFu,
                             own_words[k], ascii_as_code_points);
    } else {
      const std::uint32_t fields = row_starts | row_bits(complete, r) << 16;
#pragma unroll
      for (int q = 0; q < words; ++q) {
        const int w = lane + 32 * q, owner = w / words, k = w % words;
        const std::uint32_t f = __shfl_sync(full_warp, fields, owner);
        const std::uint32_t at = o.warp_at + __shfl_sync(full_warp, row_at[r], owner) +
                                 __popc(f & ((1u << (4 * k)) - 1));
        pack_word_units(packed, at, static_cast<std::uint32_t>(4 * (row_first_word + w)),
                        (f >> (4 * k)) & 0xFu, (f >> (16 + 4 * k)) & 0xFu,
                        tile_words[row_first_word + w], ascii_as_code_points);
      }
    }
  }
  finish_tile(packed, out, o, tile, tiles, count, entry_decoder{tile_words, by_lane_entries});
}

/// The single-pass decoder of n bytes, with counts of type I (32-bit where n fits); its
/// shared memory holds a tile's packed output (one element a byte at most), a shift, and the
/// tile's bytes with the word after them.
template <class I>
class lookback_decoder : public packed_pass<std::uint8_t, std::uint32_t, I> {
 public:
  explicit lookback_decoder(std::uint64_t n)
      : packed_pass<std::uint8_t, std::uint32_t, I>(
            &lookback_decode_tile<I>, n, decode_tile, decode_block_threads,
            decode_tile * sizeof(std::uint32_t) + 16 + decode_tile_words * sizeof(std::uint32_t),
            "utf8 decode lookback") {}
};

}  // namespace parprim::cuda_efficient::utf8
