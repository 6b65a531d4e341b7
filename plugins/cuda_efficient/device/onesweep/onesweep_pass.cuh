// One digit pass of the Onesweep radix sort (Adinets & Merrill, "Onesweep: A Faster Least
// Significant Digit Radix Sort for GPUs", 2022): each key is read once and written once per
// 8-bit digit, where the course's LSD sort (tile_radix_sort.cuh) reads it twice and scans a
// histogram of every tile in between.
//
// A block takes the next tile id from an atomic counter (as decoupled_lookback.cuh says why)
// and loads its keys, warp-striped: warp w holds the tile's keys w * 32 * Items onwards, its
// key i of lane l being key i * 32 + l of that segment, so each load moves 32 consecutive keys.
//
// Early counts: each warp counts its keys' digits in shared memory; each digit's thread sums the
// warps' counts (the tile's count of the digit) and publishes it at once, before any key is
// ranked, so that later tiles looking back can find it sooner (CUB's order; by itself it
// measured no faster here, docs/algorithms/radix_sort.md).
//
// Ranking (warp-level match): for each of its Items rows, a warp groups its lanes by digit (one
// ballot per digit bit, lanes_with_same_digit); the group's lowest lane advances the warp's counter
// of that digit (which starts where the warp's keys of the digit start in the tile) past the group,
// and each lane adds its lanes below it in the group. The order this gives is the tile's order, so
// the sort is stable. Each key goes to its rank in shared memory: the tile in digit order.
//
// Chained-scan digit binning: meanwhile each digit's thread looks back over earlier tiles'
// published counts of its digit until one has published its inclusive prefix (how many keys of
// the digit all tiles up to it hold); then it publishes its own. A state is one 32-bit word, a
// kind in the top two bits and a count in the rest, stored and loaded whole (relaxed, device
// scope): a pass covers at most onesweep_portion keys, so every count fits in 30 bits.
//
// Then the block writes its keys out: the tile's keys of digit d, in tile order, go to
// start(d) + (keys of d in earlier tiles) + (position within the tile's keys of d), runs of
// consecutive addresses, and a pair's value with its key.
#pragma once

#include <cstdint>
#include <cuda/atomic>

#include "block/radix_digit.cuh"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/offset_address.cuh"
#include "shapes/onesweep_shape.hpp"
#include "single_pass/decoupled_lookback.cuh"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient {

/// Keys one pass launch covers at most (a "portion"; a larger input takes one launch per portion
/// per digit place), so that a count fits the 30 bits of a look-back state.
inline constexpr std::uint64_t onesweep_portion = std::uint64_t{1} << 28;

/// A digit's look-back state: kind in bits 30-31, count in bits 0-29. Zero: not yet published.
inline constexpr std::uint32_t digit_aggregate = 1u << 30;
inline constexpr std::uint32_t digit_prefix = 2u << 30;
inline constexpr std::uint32_t digit_count_mask = (1u << 30) - 1;

/// Where one launch of a pass reads and writes: the portion of keys from `begin` (of n in all),
/// the digit place at `shift`, its look-back states (`tiles` x 256, zeroed) and tile counter
/// (zeroed), the digits' output starts for this portion (`starts_in`) and, written by the
/// portion's last tile, for the next (`starts_out`).
template <class T>
struct onesweep_launch {
  const T* keys_in;
  T* keys_out;
  const T* values_in;  // null for keys only
  T* values_out;
  std::uint64_t begin, n;
  std::uint32_t tiles;
  std::uint32_t* states;
  std::uint32_t* tile_counter;
  const std::uint64_t* starts_in;
  std::uint64_t* starts_out;
  unsigned shift;
  bool descending;
};

/// The sum of every earlier tile's count of `digit` (tile > 0), walking back over their states
/// one tile at a time until an inclusive prefix ends the walk.
__device__ __forceinline__ std::uint32_t digit_look_back(std::uint32_t* states, std::uint32_t tile,
                                                         unsigned digit) {
  std::uint32_t sum = 0;
  for (std::uint32_t t = tile - 1;; --t) {
    std::uint32_t word;
    do {
      word = device_atomic(states[t * onesweep_radix + digit]).load(::cuda::memory_order_relaxed);
    } while (word == 0);
    sum += word & digit_count_mask;
    if (word & digit_prefix) return sum;
  }
}

/// The lanes of the warp whose `digit` equals this lane's: one ballot per digit bit, each
/// keeping the lanes that agree on that bit (as CUB's MatchAny does, util_ptx.cuh). Each bit is
/// four instructions: the bit as a predicate, the vote, the vote complemented where the bit is
/// clear, the AND. Written in C++ the same test compiled to eight or nine, and the pass is bound
/// by its integer instructions (Nsight Compute on an H100: ALU pipe 85% busy): 2^28 u32 keys
/// sorted in 6.25 ms instead of 7.50 (docs/algorithms/radix_sort.md). __match_any_sync gives the
/// same mask, but with it the sort took 11.3 ms.
__device__ __forceinline__ unsigned lanes_with_same_digit(unsigned digit) {
  unsigned same = full_warp;
#pragma unroll
  for (int bit = 0; bit < onesweep_radix_bits; ++bit) {
    unsigned agree;
    asm("{\n\t.reg .pred set;\n\t"
        "and.b32 %0, %1, %2;\n\t"
        "setp.ne.u32 set, %0, 0;\n\t"
        "vote.ballot.sync.b32 %0, set, 0xffffffff;\n\t"
        "@!set not.b32 %0, %0;\n\t}"
        : "=r"(agree)
        : "r"(digit), "r"(1u << bit));
    same &= agree;
  }
  return same;
}

/// The same among the lanes whose `here` equals this lane's (a partial tile's last rows).
__device__ __forceinline__ unsigned lanes_with_same_digit(unsigned digit, bool here) {
  const unsigned present = __ballot_sync(full_warp, here);
  return (here ? present : ~present) & lanes_with_same_digit(digit);
}

/// Shared memory beyond the static: the tile's keys in digit order (and for pairs its values,
/// so that they are loaded while the block looks back rather than after its keys are written),
/// and each warp's digit counters.
inline std::uint64_t onesweep_dynamic_shared(int block_threads, int items, std::size_t key_bytes,
                                             bool pairs) {
  return std::uint64_t(block_threads) * items * key_bytes * (pairs ? 2 : 1) +
         std::uint64_t(block_threads / 32) * onesweep_radix * sizeof(std::uint32_t);
}

/// The warps' digit counters in dynamic shared memory, after the tile's keys (and values):
/// [warps][radix].
template <class T, bool Pairs>
__device__ __forceinline__ std::uint32_t* onesweep_warp_counts(int tile_items) {
  return reinterpret_cast<std::uint32_t*>(cuda::dynamic_shared<T>() +
                                          (Pairs ? 2 : 1) * tile_items);
}

/// The pass's static shared memory: where each digit starts in the tile's digit order, and where
/// the tile's keys (and values) of each digit go: the output address of the digit's first key
/// in this tile, less that start, so that the key at position j of the digit order goes to
/// base + j (one multiply-add; 64-bit offsets took four instructions a key).
template <class T, bool Pairs>
struct onesweep_shared {
  std::uint32_t digit_start[onesweep_radix];
  T* key_base[onesweep_radix];
  T* value_base[Pairs ? onesweep_radix : 1];
  std::uint32_t digit_warp_totals[onesweep_radix / 32];
  std::uint32_t tile_id;
};

/// One tile of the pass. Whole: the tile holds tile_items keys, so no key is checked against the
/// end (every tile but a portion's last; the checks and their branches were a fifth of the
/// pass's instructions, which bound it).
template <class T, int Items, bool Pairs, bool Whole>
__device__ __forceinline__ void onesweep_tile(const onesweep_launch<T>& a,
                                              onesweep_shared<T, Pairs>& sh, std::uint32_t tile,
                                              std::uint64_t tile_begin, int valid) {
  constexpr unsigned radix = onesweep_radix, digit_mask = radix - 1;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  const int tile_items = blockDim.x * Items;
  T* sorted = cuda::dynamic_shared<T>();
  T* sorted_values = sorted + tile_items;  // pairs only
  std::uint32_t* warp_counts = onesweep_warp_counts<T, Pairs>(tile_items);
  std::uint32_t* my_counts = warp_counts + warp * radix;
  const int segment = warp * 32 * Items;
  const auto holds = [&](int i) { return Whole || segment + i * 32 + lane < valid; };
  const auto digit = [&](T key) { return digit_of(key, a.shift, digit_mask, a.descending); };

  T key[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i)
    if (holds(i)) key[i] = a.keys_in[tile_begin + segment + i * 32 + lane];

  // Early counts: each warp counts its digits (shared-memory atomics), so that the tile's
  // counts are published before the keys are ranked, and the tiles after it find them sooner.
#pragma unroll
  for (int i = 0; i < Items; ++i)
    if (holds(i)) atomicAdd(&my_counts[digit(key[i])], 1u);
  __syncthreads();

  // Per digit: the warps' counts become each warp's start among the tile's keys of the digit;
  // the total is published, and its exclusive sum over the digits is where the digit starts in
  // the tile, which is then added to every warp's start.
  const unsigned my_digit = threadIdx.x;  // this thread's digit, when threadIdx.x < radix
  std::uint32_t count = 0;
  if (my_digit < radix) {
    for (int w = 0; w < warps; ++w) {
      const std::uint32_t c = warp_counts[w * radix + my_digit];
      warp_counts[w * radix + my_digit] = count;
      count += c;
    }
    device_atomic(a.states[tile * radix + my_digit])
        .store((tile == 0 ? digit_prefix : digit_aggregate) | count, ::cuda::memory_order_relaxed);
    std::uint32_t before;
    const std::uint32_t through = warp_inclusive(count, before);
    if (lane == 31) sh.digit_warp_totals[warp] = through;
    sh.digit_start[my_digit] = before;
  }
  __syncthreads();
  if (my_digit < radix) {
    std::uint32_t start = sh.digit_start[my_digit];
    for (int w = 0; w < warp; ++w) start += sh.digit_warp_totals[w];
    sh.digit_start[my_digit] = start;
    for (int w = 0; w < warps; ++w) warp_counts[w * radix + my_digit] += start;
  }
  __syncthreads();

  // Rank (warp-level match) each key among the tile's keys of its digit, row by row: the
  // warp's counter of the digit holds where its next key of that digit goes in the tile; the
  // group's lowest lane advances it past the group. Then the key goes there in shared memory.
  const unsigned lanes_below = (1u << lane) - 1;
  std::uint32_t rank[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const bool here = holds(i);
    const unsigned d = here ? digit(key[i]) : radix;
    const unsigned group = Whole ? lanes_with_same_digit(d) : lanes_with_same_digit(d, here);
    const int leader = __ffs(group) - 1;
    std::uint32_t at = 0;
    if (here && lane == leader) at = atomicAdd(&my_counts[d], __popc(group));
    rank[i] = __shfl_sync(full_warp, at, leader) + __popc(group & lanes_below);
    if (here) sorted[rank[i]] = key[i];
  }

  // Pairs: each value goes where its key went, loaded while the digits' threads look back.
  if constexpr (Pairs) {
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (holds(i)) sorted_values[rank[i]] = a.values_in[tile_begin + segment + i * 32 + lane];
  }

  // The digits' threads look back (while later warps may still be ranking).
  if (my_digit < radix) {
    const std::uint32_t earlier = tile == 0 ? 0 : digit_look_back(a.states, tile, my_digit);
    if (tile != 0)
      device_atomic(a.states[tile * radix + my_digit])
          .store(digit_prefix | (earlier + count), ::cuda::memory_order_relaxed);
    const std::uint64_t start = a.starts_in[my_digit] + earlier;
    const std::int64_t base = std::int64_t(start) - std::int64_t(sh.digit_start[my_digit]);
    sh.key_base[my_digit] = cuda::offset_address(a.keys_out, base);
    if constexpr (Pairs) sh.value_base[my_digit] = cuda::offset_address(a.values_out, base);
    if (tile == a.tiles - 1) a.starts_out[my_digit] = start + count;
  }
  __syncthreads();

#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const int j = k * blockDim.x + threadIdx.x;
    if (Whole || j < valid) {
      const T key_j = sorted[j];
      const unsigned d = digit(key_j);
      sh.key_base[d][j] = key_j;
      if constexpr (Pairs) sh.value_base[d][j] = sorted_values[j];
    }
  }
}

template <class T, int Items, bool Pairs>
__global__ void __launch_bounds__(onesweep_max_threads, onesweep_min_blocks<T>)
    onesweep_pass(onesweep_launch<T> a) {
  __shared__ onesweep_shared<T, Pairs> sh;
  const int tile_items = blockDim.x * Items;
  std::uint32_t* warp_counts = onesweep_warp_counts<T, Pairs>(tile_items);
  for (unsigned d = threadIdx.x & 31; d < onesweep_radix; d += 32)
    warp_counts[(threadIdx.x >> 5) * onesweep_radix + d] = 0;
  if (threadIdx.x == 0) sh.tile_id = atomicAdd(a.tile_counter, 1u);
  __syncthreads();
  const std::uint32_t tile = sh.tile_id;
  const std::uint64_t tile_begin = a.begin + std::uint64_t(tile) * tile_items;
  if (a.n - tile_begin >= std::uint64_t(tile_items))
    onesweep_tile<T, Items, Pairs, true>(a, sh, tile, tile_begin, tile_items);
  else
    onesweep_tile<T, Items, Pairs, false>(a, sh, tile, tile_begin,
                                          static_cast<int>(a.n - tile_begin));
}

}  // namespace parprim::cuda_efficient
