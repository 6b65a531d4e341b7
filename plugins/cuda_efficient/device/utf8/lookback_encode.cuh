// UTF-8 encoding `lookback` (issue 34): one pass with decoupled look-back over the bytes each
// tile writes. A warp's segment of a tile is Rows rows of 32 code points (one per lane, each row
// one coalesced 128-byte load, issued before the tile counter answers); each code point's length
// (1-4, 3 for U+FFFD in place of a surrogate or a value above U+10FFFF) is scanned with shuffles,
// the tile publishes its byte count and looks back for its output offset, then writes each code
// point's bytes into shared memory in order and the whole tile out as 16-byte vectors
// (packed_write.cuh). Reads 4n bytes, writes the encoded ones. The tile that is last in the array
// writes the count.
#pragma once

#include <cstdint>

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
inline constexpr int encode_rows = 16;  // 16 code points a thread, 4096 a tile
inline constexpr std::uint64_t encode_tile = std::uint64_t(encode_block_threads) * encode_rows;

/// Loads the code points of warp `warp`'s segment of tile `tile` (Rows rows of 32, lane l
/// holding element l of each row) into cp; returns how many of the segment's exist.
template <int Rows>
__device__ __forceinline__ std::uint64_t load_code_points(const std::uint32_t* in, std::uint64_t n,
                                                          std::uint64_t tile, int warp,
                                                          std::uint32_t (&cp)[Rows]) {
  const int lane = threadIdx.x & 31;
  const std::uint64_t begin = (tile * (blockDim.x >> 5) + warp) * (Rows * 32);
  const std::uint64_t valid = n > begin ? n - begin : 0;
#pragma unroll
  for (int r = 0; r < Rows; ++r) cp[r] = r * 32 + lane < valid ? in[begin + r * 32 + lane] : 0;
  return valid;
}

/// Dynamic shared memory: the tile's bytes (4 per code point at most) after a shift of less
/// than one 16-byte vector.
template <class I, int Rows>
__global__ void __launch_bounds__(encode_block_threads)
    lookback_encode_tile(const std::uint32_t* in, std::uint8_t* out, std::uint64_t* count,
                         std::uint64_t n, std::uint64_t tiles, tile_states_view<I> states) {
  __shared__ tile_offsets<I> offsets;
  std::uint8_t* packed = cuda::dynamic_shared<std::uint8_t>();
  const bool single = tiles == 1;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  // Loads for the likely tile first, before the counter answers (load_block_tile's rule).
  std::uint32_t cp[Rows];
  std::uint64_t valid = load_code_points<Rows>(in, n, blockIdx.x, warp, cp);
  const std::uint64_t tile = block_tile_id(states, single);
  if (tile != blockIdx.x) valid = load_code_points<Rows>(in, n, tile, warp, cp);
  std::uint32_t row_at[Rows];  // where this lane's bytes of row r start in the warp's
  warp_offsets before;         // bytes of the warp's earlier rows
#pragma unroll
  for (int r = 0; r < Rows; ++r)
    row_at[r] = before.add(r * 32 + lane < valid ? parprim::utf8::encode_unit(cp[r]).length : 0u);
  const tile_output o = resolve_tile_output(offsets, states, tile, single, before.total, out);
#pragma unroll
  for (int r = 0; r < Rows; ++r) {
    if (r * 32 + lane >= valid) break;
    const parprim::utf8::encoded e = parprim::utf8::encode_unit(cp[r]);
    const std::uint32_t at = o.warp_at + row_at[r];
#pragma unroll
    for (unsigned b = 0; b < 4; ++b)
      if (b < e.length) packed[at + b] = static_cast<std::uint8_t>(e.bytes >> (8 * b));
  }
  finish_tile(packed, out, o, tile, tiles, count);
}

/// The single-pass encoder of n code points, with byte counts of type I (32-bit where 4n fits);
/// its shared memory holds a tile's bytes (4 a code point at most) and a shift.
template <class I>
class lookback_encoder : public packed_pass<std::uint32_t, std::uint8_t, I> {
 public:
  explicit lookback_encoder(std::uint64_t n)
      : packed_pass<std::uint32_t, std::uint8_t, I>(&lookback_encode_tile<I, encode_rows>, n,
                                                    encode_tile, encode_block_threads,
                                                    encode_tile * 4 + 16, "utf8 encode lookback") {}
};

}  // namespace parprim::cuda_efficient::utf8
