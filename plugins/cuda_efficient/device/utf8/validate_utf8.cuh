// UTF-8 validation (decoding's validate form, issue 34): how many maximal subparts a decode
// would replace, and the byte offset of the first. Read-only and order-free, so no look-back:
// each block takes a tile (byte_rows.cuh), counts its ill-formed units and finds the first
// (in the rows that are neither ASCII nor well-formed: row_kinds.cuh), and a block that found
// any combines its figures into the answer with one atomic add and one atomic min (never a
// store, which the last writer would win; one pair a block, not a warp, since text with 1%
// errors has errors in nearly every warp's segment). Blocks that stay and take tiles in turn
// were 1.02-1.03x slower (round 17, utf8_gpu.md). A first kernel sets the answer to none (0
// errors, offset n) on the same stream.
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/lookback_decode.cuh"
#include "device/utf8/row_kinds.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/launch.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient::utf8 {

// Twice the decoder's bytes a warp: nothing is written, so a tile needs no shared memory for
// its output, and the halo tests and the block's atomics are spread over twice the bytes. Each
// lane holds 16 consecutive bytes of a row (byte_rows.cuh), 4 rows of 512 bytes a warp.
inline constexpr int validate_rows = 4;
using validate_segment = segment_rows<validate_rows>;
inline constexpr std::uint64_t validate_tile_bytes =
    std::uint64_t(decode_block_threads / 32) * validate_segment::bytes;

__global__ void clear_validation(std::uint64_t* errors, std::uint64_t* first_error,
                                 std::uint64_t n) {
  *errors = 0;
  *first_error = n;
}

__global__ void __launch_bounds__(decode_block_threads)
    validate_tile(const std::uint8_t* in, std::uint64_t n, std::uint64_t* errors,
                  std::uint64_t* first_error) {
  __shared__ std::uint32_t warp_errors[32];
  __shared__ std::uint64_t warp_first[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const validate_segment rows(in, n, blockIdx.x, warp);
  const row_kinds kinds = kinds_of_rows(rows);
  std::uint32_t bad = 0;
  std::uint64_t first = n;
#pragma unroll
  for (int r = 0; r < validate_rows; ++r) {
    // The same in every lane: ASCII and well-formed rows hold no error.
    if (((kinds.ascii | kinds.well_formed) >> r) & 1u) continue;
#pragma unroll
    for (int k = 0; k < validate_segment::words; ++k) {
      const word_units u = units_of(rows.window(r, k));
      // Bit j: the word's byte j starts a replaced subpart.
      const std::uint32_t ill_formed = u.starts & ~u.complete & rows.in_input(r, k);
      if (ill_formed) {
        bad += __popc(ill_formed);
        first = min(first, static_cast<std::uint64_t>(rows.position(r, k)) + __ffs(ill_formed) - 1);
      }
    }
  }
  // The block's figures, then one atomic pair for the block, where it found any: a block of
  // well-formed text learns that it found none at one barrier, and stops there.
  if (!__syncthreads_or(bad != 0)) return;
  bad = warp_sum(bad);
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) first = min(first, __shfl_xor_sync(full_warp, first, d));
  if (lane == 0) {
    warp_errors[warp] = bad;
    warp_first[warp] = first;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    std::uint64_t block_bad = 0, block_first = n;
    for (int k = 0; k < static_cast<int>(blockDim.x >> 5); ++k) {
      block_bad += warp_errors[k];
      block_first = min(block_first, warp_first[k]);
    }
    if (block_bad != 0) {
      atomicAdd(reinterpret_cast<unsigned long long*>(errors), block_bad);
      atomicMin(reinterpret_cast<unsigned long long*>(first_error), block_first);
    }
  }
}

/// The validator of n bytes.
class validator {
 public:
  explicit validator(std::uint64_t n) : n_(n), tiles_(cuda::tiles_for(n, validate_tile_bytes)) {}

  void run(const std::uint8_t* in, std::uint64_t* errors, std::uint64_t* first_error,
           cudaStream_t stream) {
    clear_validation<<<1, 1, 0, stream>>>(errors, first_error, n_);
    PARPRIM_CUDA_CHECK_LAUNCH("clear_validation");
    if (n_ == 0) return;
    validate_tile<<<static_cast<unsigned>(tiles_), decode_block_threads, 0, stream>>>(
        in, n_, errors, first_error);
    PARPRIM_CUDA_CHECK_LAUNCH("validate_tile");
  }

 private:
  std::uint64_t n_;
  std::uint64_t tiles_;
};

}  // namespace parprim::cuda_efficient::utf8
