// UTF-8 validation (decoding's validate form, issue 34): how many maximal subparts a decode
// would replace, and the byte offset of the first. Read-only and order-free, so no look-back:
// each block takes a tile (byte_rows.cuh) and tests its words with the bytewise test
// (segment_tests.cuh): every word, or, where few of its lanes hold a byte 80-FF, only the words
// such a byte could make misplaced, listed (rounds 22b and 23, utf8_gpu.md). units_of then runs
// only on the words next to a misplaced byte (suspect_list.cuh; round 20; until then on every
// word of every row near one, nearly every row of text with 1% errors). A block that found any
// combines its figures into the answer with one atomic add and one atomic min (never a store,
// which the last writer would win; one pair a block, not a warp, since text with 1% errors has
// errors in nearly every warp's segment). Blocks that stay and take tiles in turn were
// 1.02-1.03x slower (round 17). A first kernel sets the answer to none (0 errors, offset n) on
// the same stream.
#pragma once

#include <cstdint>

#include "device/utf8/byte_rows.cuh"
#include "device/utf8/lookback_decode.cuh"
#include "device/utf8/segment_tests.cuh"
#include "device/utf8/suspect_list.cuh"
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

/// A warp's segment in shared memory, the list of the words it works on (suspect_list.cuh), and
/// a byte a word for the misplaced words a listed test finds.
struct alignas(16) suspect_scratch {
  static constexpr int words = validate_segment::bytes / 4;
  std::uint32_t word[words];  // in input order: row r's lane l's word k at 128 r + 4 l + k
  std::uint8_t misplaced[words];
  std::uint16_t list[words];
};

// A segment with at most this many candidates (words a byte 80-FF could make misplaced) tests
// only those, listed: 8 rounds a warp, half of the 16 words a lane that the full test takes.
inline constexpr std::uint32_t listed_test_limit = 8 * 32;
// Only a segment in which at most this many of its lanes' rows (32 a row) hold a byte 80-FF
// counts its candidates: three quarters, which nearly every Latin segment stays under (about 47%
// of its lanes' rows hold one, 55% with 1% errors) and every dense mix passes (round 23; half,
// in round 22b, sent about half of the Latin segments to the full test).
inline constexpr std::uint32_t listed_high_lanes_limit = 24 * validate_rows;
// Blocks an SM the registers must allow: 5 (48 registers, no spills). Bounded to 6 (40
// registers) the listed test spills 8 bytes, and round 22 measured 6 blocks no faster on any mix
// and 1.04-1.05x slower on Latin text and ASCII text with errors (utf8_gpu.md, item 29).
inline constexpr int validate_blocks_per_sm = 5;

/// Bit 4 r + k: this lane's word k of row r holds a byte 80-FF.
__device__ __forceinline__ std::uint32_t high_words(const validate_segment& rows) {
  std::uint32_t bits = 0;
#pragma unroll
  for (int i = 0; i < validate_rows * validate_segment::words; ++i)
    bits |= static_cast<std::uint32_t>((rows.word[i] & bytewise::high) != 0) << i;
  return bits;
}

/// This lane's misplaced words (bit 4 r + k), testing only the `candidates` (the words with a
/// byte 80-FF and the words after them: no other word can hold a misplaced byte, as a byte is
/// misplaced only where it or one of the 3 before it is 80-FF), listed and taken 32 at a time by
/// the warp. The segment's words are in `scratch.word`. Every lane of the warp calls it.
__device__ __forceinline__ std::uint32_t misplaced_by_list(
    std::uint32_t candidates, const validate_segment::halo_words& halos, suspect_scratch& scratch) {
  constexpr int row_words = 32 * validate_segment::words;
  const int lane = threadIdx.x & 31;
  // Each lane clears its 16 of the segment's bytes of marks.
  reinterpret_cast<uint4*>(scratch.misplaced)[lane] = make_uint4(0, 0, 0, 0);
  const std::uint32_t total = list_marked_words<validate_rows>(candidates, scratch.list);
  __syncwarp();
  for_each_listed<validate_rows>(scratch.list, total, scratch.word, halos.before, halos.after,
                                 [&](int w, const byte_window& window) {
                                   if (place_bytes(window.before, window.word).misplaced() != 0)
                                     scratch.misplaced[w] = 1;
                                 });
  __syncwarp();
  std::uint32_t own = 0;
#pragma unroll
  for (int r = 0; r < validate_rows; ++r) {
    const std::uint32_t marks = *reinterpret_cast<const std::uint32_t*>(
        scratch.misplaced + row_words * r + validate_segment::words * lane);
    own |= nibble_of(marks << 7) << (4 * r);  // each mark 0 or 1 a byte
  }
  return own;
}

/// Adds to `bad` the ill-formed subparts that start in this lane's suspect words (bit 4 r + k:
/// its word k of row r), and lowers `first` to the first one's offset. The segment's words are
/// in `scratch.word`. Every lane of the warp calls it.
__device__ __forceinline__ void count_ill_formed(const validate_segment& rows,
                                                 std::uint32_t suspects,
                                                 const validate_segment::halo_words& halos,
                                                 suspect_scratch& scratch, std::uint32_t& bad,
                                                 std::uint64_t& first) {
  const std::uint32_t total = list_marked_words<validate_rows>(suspects, scratch.list);
  __syncwarp();
  for_each_listed<validate_rows>(
      scratch.list, total, scratch.word, halos.before, halos.after,
      [&](int w, const byte_window& window) {
        const word_units u = units_of(window);
        const std::uint64_t p = rows.begin + 4 * static_cast<std::uint64_t>(w);
        // Bit j: the word's byte j starts a replaced subpart.
        const std::uint32_t ill_formed = u.starts & ~u.complete & bytes_in_input(p, rows.n);
        if (ill_formed) {
          bad += __popc(ill_formed);
          first = min(first, p + lowest_set_bit(ill_formed));
        }
      });
}

__global__ void __launch_bounds__(decode_block_threads, validate_blocks_per_sm)
    validate_tile(const std::uint8_t* in, std::uint64_t n, std::uint64_t* errors,
                  std::uint64_t* first_error) {
  __shared__ std::uint32_t warp_errors[32];
  __shared__ std::uint64_t warp_first[32];
  __shared__ suspect_scratch scratch[decode_block_threads / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const validate_segment rows(in, n, blockIdx.x, warp);
  std::uint32_t bad = 0;
  std::uint64_t first = n;
  // A segment of ASCII rows holds no error of its own.
  constexpr std::uint32_t all_rows = (1u << validate_rows) - 1;
  const high_byte_rows high = high_bytes_of_rows(rows);
  if (high.ascii != all_rows) {  // the same in every lane, as every branch here
    const auto halos = rows.halos();
    std::uint32_t suspects = 0;
    bool listed = false;
    // Where few lanes' rows hold a byte 80-FF (Latin text, ASCII text with errors), the
    // candidates: words with one, the words after them, and the segment's first word where the
    // halo word before it has one. At most listed_test_limit of them are tested listed.
    if (high.high_lanes <= listed_high_lanes_limit) {
      const std::uint32_t marked = high_words(rows);
      const std::uint32_t candidates =
          marked |
          words_after_marked<validate_rows>(
              marked, __shfl_sync(full_warp, marked, (lane + 31) & 31), lane) |
          (lane == 0 && (rows.before_segment & bytewise::high) != 0 ? 1u : 0u);
      if (warp_sum(static_cast<std::uint32_t>(__popc(candidates))) <= listed_test_limit) {
        rows.store_words(scratch[warp].word);
        listed = true;
        suspects = suspects_of_misplaced(rows, misplaced_by_list(candidates, halos, scratch[warp]));
      }
    }
    if (!listed) suspects = kinds_of_segment(rows, high.ascii).suspects;
    if (__any_sync(full_warp, suspects != 0)) {
      if (!listed) rows.store_words(scratch[warp].word);
      count_ill_formed(rows, suspects, halos, scratch[warp], bad, first);
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
