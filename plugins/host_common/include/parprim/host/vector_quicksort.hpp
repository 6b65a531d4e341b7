// An AVX-512 quicksort of 32-bit keys in cache: the cache sort's vector form for the sorts whose
// order among equal keys cannot be seen (docs/algorithms/cpu_sort.md, step 18).
//
// The radix passes cost about 1 ns a key a pass on the cores measured, however they are
// arranged (steps 10-15), and a bucket of 32768 keys takes three of them. Here a key costs a
// fraction of that a level: each partition compares 16 keys at once with the pivot, packs each
// side into a register (vpcompressd; the memory form is microcoded on Zen 4) and writes it with
// a masked store, out of place between two buffers in cache; ranges of at most 256 keys are
// then sorted in registers by a network (vector_sorting_network.hpp). Not stable, so only for
// keys-only sorts whose radix key is a bijection of the element (the 32-bit integers): equal keys
// are equal elements.
//
// The sort works on unsigned keys: each element is XORed with `flip` on its way in (a signed
// key's sign bit, every bit for a descending sort) and again on its way out.
//
// Selected at run time (has_avx512f, avx512.hpp), so the plugins still run without AVX-512.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "parprim/host/avx512.hpp"
#include "parprim/host/prefetch_ahead.hpp"
#include "parprim/host/vector_sorting_network.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>
#endif

namespace parprim::host {

/// Keys that lie together, part of a range: a range in one array is one run, a bucket of a split
/// without a count one run a chunk (bucket_chunks.hpp).
struct key_run {
  const std::uint32_t* keys;
  std::uint32_t count;
};

#if PARPRIM_HAVE_AVX512

// The steps are always inlined: a call between them would pass their registers through memory.
#define PARPRIM_VQS_TARGET __attribute__((target("avx512f,popcnt")))
#define PARPRIM_VQS_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline
// The partition's group of vectors unrolled whole, so that its vectors stay in registers.
#define PARPRIM_VQS_UNROLL _Pragma("GCC unroll 16")

namespace vector_sort_detail {

/// The pivot: the median of 16 keys spread over the range (XORed with in_flip).
PARPRIM_VQS_TARGET inline std::uint32_t choose_pivot(const std::uint32_t* in, std::uint32_t n,
                                                     vec in_flip) {
  const std::uint32_t step = n / lanes;
  const vec index = _mm512_maskz_mullo_epi32(
      every_lane, _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
      _mm512_set1_epi32(static_cast<int>(step)));
  const vec sample = _mm512_xor_si512(
      _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), every_lane, index, in, 4), in_flip);
  alignas(64) std::uint32_t sorted[lanes];
  _mm512_store_si512(sorted, sort_lanes(sample));
  return sorted[lanes / 2];
}

/// choose_pivot of a range read from runs (n keys in all): one run's by a gather, several runs'
/// by 16 scalar loads, each from the run that holds its position.
PARPRIM_VQS_TARGET inline std::uint32_t choose_pivot(std::span<const key_run> runs,
                                                     std::uint32_t n, vec in_flip) {
  if (runs.size() == 1) return choose_pivot(runs[0].keys, n, in_flip);
  alignas(64) std::uint32_t sample[lanes];
  const std::uint32_t step = n / lanes;
  std::uint32_t run_start = 0;
  auto run = runs.begin();
  for (unsigned i = 0; i < lanes; ++i) {
    const std::uint32_t at = i * step;
    while (at >= run_start + run->count) run_start += (run++)->count;
    sample[i] = run->keys[at - run_start];
  }
  _mm512_store_si512(sample,
                     sort_lanes(_mm512_xor_si512(_mm512_load_si512(sample), in_flip)));
  return sample[lanes / 2];
}

/// A partition's cursors: keys below the pivot are written from the front of its output, the
/// others from the back. 32-bit in cache; 64-bit for a partition of a whole array in place
/// (in_place_quicksort.hpp).
template <class Index>
struct partition_cursors {
  Index front, back;
};

/// Writes the lanes `valid` of v to out: those below p (or, with Inclusive, not above it) at the
/// front, the others at the back, each side packed in a register and written by a masked store.
template <bool Inclusive, class Index>
PARPRIM_VQS_INLINE void partition_step(vec v, __mmask16 valid, vec p, std::uint32_t* out,
                                       partition_cursors<Index>& at) {
  const __mmask16 low =
      (Inclusive ? _mm512_cmple_epu32_mask(v, p) : _mm512_cmplt_epu32_mask(v, p)) & valid;
  const __mmask16 high = static_cast<__mmask16>(~low & valid);
  const auto lows = static_cast<std::uint32_t>(__builtin_popcount(low));
  const auto highs = static_cast<std::uint32_t>(__builtin_popcount(high));
  _mm512_mask_storeu_epi32(out + at.front, first_lanes(lows), _mm512_maskz_compress_epi32(low, v));
  at.back -= highs;
  _mm512_mask_storeu_epi32(out + at.back, first_lanes(highs), _mm512_maskz_compress_epi32(high, v));
  at.front += lows;
}

/// partition_step of a whole vector, in fewer scalar instructions (step 32): the highs' count
/// is 16 less the lows', and each store's mask a shift. `OwnGap`: the output between the
/// cursors belongs to this partition alone and at least a vector of it is unwritten, so the
/// lows are stored whole, their register's lanes past them landing in that gap (the highs, stored
/// next, or later stores overwrite them). Not so for a partition in place (the gap holds keys
/// not yet read).
template <bool Inclusive, bool OwnGap, class Index>
PARPRIM_VQS_INLINE void partition_whole_step(vec v, vec p, std::uint32_t* out,
                                             partition_cursors<Index>& at) {
  const __mmask16 low = Inclusive ? _mm512_cmple_epu32_mask(v, p) : _mm512_cmplt_epu32_mask(v, p);
  const auto lows = static_cast<std::uint32_t>(__builtin_popcount(low));
  const vec packed_lows = _mm512_maskz_compress_epi32(low, v);
  if constexpr (OwnGap)
    _mm512_storeu_si512(out + at.front, packed_lows);
  else
    _mm512_mask_storeu_epi32(out + at.front, static_cast<__mmask16>(0xFFFFu >> (lanes - lows)),
                             packed_lows);
  at.back -= lanes - lows;
  _mm512_mask_storeu_epi32(out + at.back, static_cast<__mmask16>(0xFFFFu >> lows),
                           _mm512_maskz_compress_epi32(static_cast<__mmask16>(~low), v));
  at.front += lows;
}

/// Writes run.count keys of `in` (XORed with in_flip) to out at the cursors, partitioned by the
/// pivot p: the keys below it (Inclusive: not above it) at the front, the others at the back.
/// Before each whole vector, the gap between the cursors is at least the keys not yet read.
/// `FromMemory`: the keys are not in cache (the first level's, just written by the split's
/// streaming stores), so their lines are prefetched ahead (prefetch_ahead.hpp).
template <bool Inclusive, bool FromMemory>
PARPRIM_VQS_INLINE void partition_run(const std::uint32_t* in, std::uint32_t count, vec p,
                                      std::uint32_t* out, partition_cursors<std::uint32_t>& at,
                                      vec in_flip) {
  std::uint32_t i = 0;
  // Four vectors loaded before any is stored: a store may alias a later load's address, which
  // would then wait for it (two at a time: 0.138 ns a key in cache; one: 0.186).
  constexpr unsigned group = 4;
  for (; i + group * lanes <= count; i += group * lanes) {
    vec x[group];
    PARPRIM_VQS_UNROLL
    for (unsigned g = 0; g < group; ++g) {
      if constexpr (FromMemory) prefetch_ahead(in + i + g * lanes);
      x[g] = _mm512_xor_si512(_mm512_loadu_si512(in + i + g * lanes), in_flip);
    }
    PARPRIM_VQS_UNROLL
    for (unsigned g = 0; g < group; ++g) partition_whole_step<Inclusive, true>(x[g], p, out, at);
  }
  for (; i + lanes <= count; i += lanes)
    partition_whole_step<Inclusive, true>(_mm512_xor_si512(_mm512_loadu_si512(in + i), in_flip), p,
                                          out, at);
  if (i < count) {
    const __mmask16 valid = first_lanes(count - i);
    partition_step<Inclusive>(_mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), in_flip),
                              valid, p, out, at);
  }
}

/// Writes in[0..n) (XORed with in_flip) to out[0..n), its own, partitioned by the pivot: the keys
/// below it (Inclusive: not above it) upwards from the front, the others downwards from the back.
/// Returns how many went to the front. Every level of the recursion takes this one.
template <bool Inclusive, bool FromMemory>
PARPRIM_VQS_TARGET inline std::uint32_t partition(const std::uint32_t* in, std::uint32_t* out,
                                                  std::uint32_t n, std::uint32_t pivot,
                                                  vec in_flip) {
  partition_cursors<std::uint32_t> at{0, n};
  partition_run<Inclusive, FromMemory>(in, n, _mm512_set1_epi32(static_cast<int>(pivot)), out, at,
                                       in_flip);
  return at.front;
}

/// partition of the keys of `runs` (n in all), run after run: the first level of a bucket read
/// from the chunks of a split without a count (cpu_sort.md, step 46). A range in one array takes
/// the partition above, so the recursion's hot loop is not a loop over runs.
template <bool Inclusive, bool FromMemory>
PARPRIM_VQS_TARGET inline std::uint32_t partition(std::span<const key_run> runs,
                                                  std::uint32_t* out, std::uint32_t n,
                                                  std::uint32_t pivot, vec in_flip) {
  const vec p = _mm512_set1_epi32(static_cast<int>(pivot));
  partition_cursors<std::uint32_t> at{0, n};
  for (std::size_t r = 0; r < runs.size(); ++r) {
    // The next run's head, which this run's prefetches ahead do not reach (step 46).
    if constexpr (FromMemory)
      if (r + 1 < runs.size()) prefetch_head(runs[r + 1].keys, runs[r + 1].count);
    partition_run<Inclusive, FromMemory>(runs[r].keys, runs[r].count, p, out, at, in_flip);
  }
  return at.front;
}

/// Writes n copies of `key` (XORed with out_flip) to out.
PARPRIM_VQS_TARGET inline void fill(std::uint32_t* out, std::uint32_t n, std::uint32_t key,
                                    vec out_flip) {
  const vec v = _mm512_xor_si512(_mm512_set1_epi32(static_cast<int>(key)), out_flip);
  std::uint32_t i = 0;
  for (; i + lanes <= n; i += lanes) _mm512_storeu_si512(out + i, v);
  _mm512_mask_storeu_epi32(out + i, first_lanes(n - i), v);
}

/// The recursion. `in` holds the range (XORed with in_flip: the caller's elements at depth 0,
/// unsigned keys after); a partition writes the range's positions of buffers[(depth + 1) % 2],
/// and networks write the result's, in buffers[0]. So buffers[0] is a partition's output every
/// other level, which is safe: a range's positions in each buffer belong to it alone, and a
/// network loads its keys before it stores them.
struct quicksort {
  std::uint32_t* buffers[2];  // buffers[0] is the result
  vec flip;
  unsigned depth_limit;

  PARPRIM_VQS_TARGET void sort(const std::uint32_t* in, std::uint32_t offset, std::uint32_t n,
                               unsigned depth, vec in_flip) {
    std::uint32_t* out = buffers[0] + offset;
    if (n <= network_keys) return sort_small(in, out, n, in_flip, flip);
    if (depth == depth_limit) {  // a pathological input: no quadratic time
      for (std::uint32_t i = 0; i < n; ++i) out[i] = in[i] ^ _mm512_cvtsi512_si32(in_flip);
      std::sort(out, out + n);
      const std::uint32_t f = static_cast<std::uint32_t>(_mm512_cvtsi512_si32(flip));
      for (std::uint32_t i = 0; i < n; ++i) out[i] ^= f;
      return;
    }
    split(in, offset, n, depth, in_flip);
  }

  /// One level of a range of n > network_keys keys (depth < depth_limit), read from `keys`: one
  /// array (`const std::uint32_t*`), or a span of key_runs (a bucket in its chunks, the first
  /// level only): the range partitioned into its positions of buffers[(depth + 1) % 2], each
  /// side sorted on.
  template <class Keys>
  PARPRIM_VQS_TARGET void split(Keys keys, std::uint32_t offset, std::uint32_t n, unsigned depth,
                                vec in_flip) {
    std::uint32_t* to = buffers[(depth + 1) % 2] + offset;
    const std::uint32_t pivot = choose_pivot(keys, n, in_flip);
    const vec unflipped = _mm512_setzero_si512();
    std::uint32_t lows = depth == 0 ? partition<false, true>(keys, to, n, pivot, in_flip)
                                    : partition<false, false>(keys, to, n, pivot, in_flip);
    if (lows == 0) {
      // No key below the pivot, a key of the range: the pivot is its smallest. Its copies go
      // first and are sorted; the keys above them are sorted on.
      lows = partition<true, false>(keys, to, n, pivot, in_flip);
      fill(buffers[0] + offset, lows, pivot, flip);
      if (lows < n) sort(to + lows, offset + lows, n - lows, depth + 1, unflipped);
      return;
    }
    sort(to, offset, lows, depth + 1, unflipped);
    sort(to + lows, offset + lows, n - lows, depth + 1, unflipped);
  }
};

/// Sorts in[0..n) into buffers[0] by key ^ flip, partitioning at most `depth_limit` levels deep.
PARPRIM_VQS_TARGET inline void sort_with_depth_limit(const std::uint32_t* in, std::uint32_t n,
                                                     std::uint32_t flip,
                                                     std::array<std::uint32_t*, 2> buffers,
                                                     unsigned depth_limit) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  quicksort q{{buffers[0], buffers[1]}, f, depth_limit};
  q.sort(in, 0, n, 0, f);
}

/// sort_with_depth_limit of the keys of `runs`, n in all: a range longer than a network's is
/// partitioned straight from its runs; a shorter one in several runs is gathered into buffers[1]
/// first.
PARPRIM_VQS_TARGET inline void sort_runs_with_depth_limit(std::span<const key_run> runs,
                                                          std::uint32_t n, std::uint32_t flip,
                                                          std::array<std::uint32_t*, 2> buffers,
                                                          unsigned depth_limit) {
  if (runs.size() == 1) return sort_with_depth_limit(runs[0].keys, n, flip, buffers, depth_limit);
  if (n <= network_keys) {
    std::uint32_t* gathered = buffers[1];
    for (const key_run& run : runs)
      gathered = std::copy_n(run.keys, run.count, gathered);
    return sort_with_depth_limit(buffers[1], n, flip, buffers, depth_limit);
  }
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  quicksort q{{buffers[0], buffers[1]}, f, depth_limit};
  q.split(runs, 0, n, 0, f);
}

}  // namespace vector_sort_detail

/// Sorts in[0..n) by key ^ flip, unstably, and hands the sorted keys to
/// `deliver(const uint32_t* sorted)`, which copies them where they must go (the cache sort
/// streams them to memory). `buffers` are two arrays of n or more keys, in cache; in may be
/// buffers[0] but not buffers[1]. The depth limit, twice the bits of n and 4 more, is reached
/// only by inputs that defeat the sampled pivots again and again. Call only where
/// has_avx512f().
template <class Deliver>
void vector_quicksort(const std::uint32_t* in, std::uint32_t n, std::uint32_t flip,
                      std::uint32_t* const buffers[2], Deliver deliver) {
  vector_sort_detail::sort_with_depth_limit(in, n, flip, {buffers[0], buffers[1]},
                                            2 * static_cast<unsigned>(std::bit_width(n)) + 4);
  deliver(static_cast<const std::uint32_t*>(buffers[0]));
}

/// vector_quicksort of keys that lie in several runs, in order (a bucket in the chunks of a split
/// without a count, bucket_chunks.hpp), n in all: the first partition reads them where they
/// are, so they are not copied into one array first (docs/algorithms/cpu_sort.md, step 46).
template <class Deliver>
void vector_quicksort(std::span<const key_run> runs, std::uint32_t n, std::uint32_t flip,
                      std::uint32_t* const buffers[2], Deliver deliver) {
  vector_sort_detail::sort_runs_with_depth_limit(runs, n, flip, {buffers[0], buffers[1]},
                                                 2 * static_cast<unsigned>(std::bit_width(n)) + 4);
  deliver(static_cast<const std::uint32_t*>(buffers[0]));
}

#undef PARPRIM_VQS_TARGET
#undef PARPRIM_VQS_INLINE
#undef PARPRIM_VQS_UNROLL

#else

template <class Deliver>
void vector_quicksort(const std::uint32_t*, std::uint32_t, std::uint32_t, std::uint32_t* const[2],
                      Deliver) {}  // never called: has_avx512f() is false
template <class Deliver>
void vector_quicksort(std::span<const key_run>, std::uint32_t, std::uint32_t,
                      std::uint32_t* const[2], Deliver) {}  // never called, likewise

#endif

}  // namespace parprim::host
