// UTF-8 encoding `lookback` (issue 34): one pass with decoupled look-back over the bytes each
// tile writes. A warp's segment of a tile is warp-striped as the compaction's
// (warp_striped_tile.cuh): each lane loads 4 consecutive code points as one 16-byte vector, Items
// / 4 vectors a lane, issued before the tile counter answers. Each code point's length (1-4, 3
// for U+FFFD in place of a surrogate or a value above U+10FFFF) is summed within the lane and
// scanned across the warp once per chunk of vectors; the tile publishes its byte count, and
// while warp 0 looks back for its output offset the other warps write each code point's bytes
// (encoded_bytes.cuh) into shared memory in order from the tile's start; then the whole tile
// goes out as 16-byte vectors realigned to the output (packed_write.cuh). A chunk that is ASCII
// in every lane of the warp needs no scan and goes to shared memory a word a lane; one below
// U+0800 in every lane (1- and 2-byte characters) skips the replacement and the general byte
// assembly, and one below U+0800 or replaced in every lane (such text with errors) the general
// byte assembly. Reads 4n bytes, writes the encoded ones. The tile that is last in the array writes
// the count. (Rounds 6-14 of docs/algorithms/utf8_gpu.md measure each of these steps.)
#pragma once

#include <cstdint>
#include <type_traits>

#include "device/utf8/encoded_bytes.cuh"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"
#include "parprim/utf8/well_formed.hpp"
#include "single_pass/decoupled_lookback.cuh"
#include "single_pass/packed_pass.cuh"
#include "single_pass/packed_write.cuh"
#include "single_pass/warp_striped_tile.cuh"

namespace parprim::cuda_efficient::utf8 {

inline constexpr int encode_block_threads = 256;
// 24 code points a thread, 6144 a tile: the look-back's and the tile counter's waits, which set
// the time of ASCII and Latin text, are paid once a tile (round 11 of utf8_gpu.md: against 16,
// 0.90-0.93x of the time for ascii, latin and cyrillic, 1.00-1.03x for cjk, emoji and mixed;
// 32 took cjk, emoji and mixed to 1.05-1.08x).
inline constexpr int encode_items = 24;
inline constexpr std::uint64_t encode_tile = std::uint64_t(encode_block_threads) * encode_items;
// Blocks an SM the registers must allow: 5 (48 registers, no spills on sm_90; 6 at 16 code
// points a thread, round 10).
inline constexpr int encode_blocks_per_sm = 5;

/// Dynamic shared memory: the tile's bytes (4 per code point at most) from its start, and one
/// 16-byte vector after them, which the write-out's last vector may read past the bytes.
template <class I, int Items>
__global__ void __launch_bounds__(encode_block_threads, encode_blocks_per_sm)
    lookback_encode_tile(const std::uint32_t* in, std::uint8_t* out, std::uint64_t* count,
                         std::uint64_t n, std::uint64_t tiles, tile_states_view<I> states) {
  using layout = warp_striped<std::uint32_t, Items>;
  static_assert(layout::vec == 4, "a lane's vector is 4 code points: one word of ASCII bytes");
  __shared__ tile_offsets<I> offsets;
  std::uint8_t* packed = cuda::dynamic_shared<std::uint8_t>();
  const bool single = tiles == 1;
  const int lane = threadIdx.x & 31;
  const bool aligned = reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
  std::uint32_t cp[Items];
  const auto loaded = load_block_tile(in, n, cp, aligned, 0u, states, single);
  const std::uint64_t tile = loaded.tile, valid = loaded.segment.valid;
  const bool whole = valid >= static_cast<std::uint64_t>(layout::segment);
  // Whether item j of chunk k exists. Every tile but the last is whole: the loops below are
  // instantiated for it (std::true_type) without the test, which costs about 11 instructions a
  // code point (the kernel's static SASS, round 9).
  const auto exists = [&](auto whole_segment, int k, int j) {
    if constexpr (decltype(whole_segment)::value)
      return true;
    else
      return static_cast<std::uint64_t>(layout::index(k, lane, j)) < valid;
  };
  // Chunk k's bytes in this lane (its code points replaced already).
  const auto chunk_bytes = [&](auto whole_segment, int k) {
    std::uint32_t mine = 0;
#pragma unroll
    for (int j = 0; j < layout::vec; ++j)
      if (exists(whole_segment, k, j)) mine += encoded_length(cp[k * layout::vec + j]);
    return mine;
  };
  // Chunk k's bytes in this lane where store_short encodes it (a whole chunk of 1- and 2-byte
  // values, and U+FFFD where `with_replacement`).
  const auto short_chunk_bytes = [&](auto with_replacement, int k) {
    std::uint32_t mine = layout::vec;  // each value's first byte
#pragma unroll
    for (int j = 0; j < layout::vec; ++j)
      mine += short_bytes_after_first<decltype(with_replacement)::value>(cp[k * layout::vec + j]);
    return mine;
  };
  // Chunk k's code points encoded into the tile's bytes from `at` on.
  const auto store_chunk = [&](auto whole_segment, int k, std::uint32_t at) {
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) {
      if (!exists(whole_segment, k, j)) break;
      at += store_encoded(cp[k * layout::vec + j], packed + at);
    }
  };
  std::uint32_t chunk_at[layout::chunks];  // where this lane's bytes of chunk k start
  std::uint32_t ascii_chunks = 0;          // bit k: chunk k is ASCII in every lane of the warp
  std::uint32_t two_byte_chunks = 0;       // bit k: below U+0800 in every lane (not ASCII)
  std::uint32_t short_chunks = 0;          // bit k: below U+0800 or U+FFFD once replaced
  warp_offsets before;                     // bytes of the warp's earlier chunks
#pragma unroll
  for (int k = 0; k < layout::chunks; ++k) {
    std::uint32_t any = 0;
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) any |= cp[k * layout::vec + j];
    // A chunk of ASCII in every lane (round 7): each code point one byte, so the lane's bytes
    // start 4 a lane after the warp's so far, without a scan.
    if (__all_sync(full_warp, whole && any < 0x80)) {
      ascii_chunks |= 1u << k;
      chunk_at[k] = before.total + layout::vec * lane;
      before.total += layout::vec * 32;
      continue;
    }
    // A chunk of 1- and 2-byte characters in every lane (round 10: Latin, Greek, Cyrillic,
    // Hebrew, Arabic text): no value to replace, each length 1 + (c >= 0x80).
    if (__all_sync(full_warp, whole && any < 0x800)) {
      two_byte_chunks |= 1u << k;
      chunk_at[k] = before.add(short_chunk_bytes(std::false_type{}, k));
      continue;
    }
    // Each code point replaced here, once, where it is not a scalar value, so that the
    // write-out encodes scalar values only.
    bool short_lane = true;
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) {
      std::uint32_t& c = cp[k * layout::vec + j];
      c = parprim::utf8::is_scalar(c) ? c : parprim::utf8::replacement;
      short_lane &= c < 0x800 || c == parprim::utf8::replacement;
    }
    // A chunk of 1- and 2-byte characters and replacements in every lane (round 14: such text
    // with errors): each length 1 + (c >= 0x80) + (c >= 0x800), the third byte U+FFFD's.
    if (__all_sync(full_warp, whole && short_lane)) {
      short_chunks |= 1u << k;
      chunk_at[k] = before.add(short_chunk_bytes(std::true_type{}, k));
      continue;
    }
    const std::uint32_t mine =
        whole ? chunk_bytes(std::true_type{}, k) : chunk_bytes(std::false_type{}, k);
    chunk_at[k] = before.add(mine);
  }
  // The tile's count published, then its bytes stored from the tile's start while warp 0 looks
  // back (round 12); the write-out realigns them to the output.
  const tile_count c = publish_tile_output(offsets, states, tile, single, before.total);
  look_back_tile_output(offsets, states, tile, single);
#pragma unroll
  for (int k = 0; k < layout::chunks; ++k) {
    std::uint32_t at = c.warp_at + chunk_at[k];
    if (ascii_chunks & (1u << k)) {
      // The lane's 4 bytes as one word; `at` has the same remainder mod 4 in every lane.
      const std::uint32_t word =
          cp[k * 4] | cp[k * 4 + 1] << 8 | cp[k * 4 + 2] << 16 | cp[k * 4 + 3] << 24;
      if (at % 4 == 0) {
        *reinterpret_cast<std::uint32_t*>(packed + at) = word;
      } else {
#pragma unroll
        for (unsigned b = 0; b < 4; ++b)
          packed[at + b] = static_cast<std::uint8_t>(word >> (8 * b));
      }
      continue;
    }
    if (two_byte_chunks & (1u << k)) {
#pragma unroll
      for (int j = 0; j < layout::vec; ++j)
        at += store_short<false>(cp[k * layout::vec + j], packed + at);
      continue;
    }
    if (short_chunks & (1u << k)) {
#pragma unroll
      for (int j = 0; j < layout::vec; ++j)
        at += store_short<true>(cp[k * layout::vec + j], packed + at);
      continue;
    }
    if (whole)
      store_chunk(std::true_type{}, k, at);
    else
      store_chunk(std::false_type{}, k, at);
  }
  __syncthreads();
  write_tile<packed_placement::from_start>(
      packed, out, static_cast<std::uint64_t>(offsets.tile_prefix), c.total, tile, tiles, count);
}

/// The single-pass encoder of n code points, with byte counts of type I (32-bit where 4n fits);
/// its shared memory holds a tile's bytes (4 a code point at most) and a shift.
template <class I>
class lookback_encoder : public packed_pass<std::uint32_t, std::uint8_t, I> {
 public:
  explicit lookback_encoder(std::uint64_t n)
      : packed_pass<std::uint32_t, std::uint8_t, I>(&lookback_encode_tile<I, encode_items>, n,
                                                    encode_tile, encode_block_threads,
                                                    encode_tile * 4 + 16, "utf8 encode lookback") {}
};

}  // namespace parprim::cuda_efficient::utf8
