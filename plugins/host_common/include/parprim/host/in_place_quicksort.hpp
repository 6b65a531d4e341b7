// The levels of a sort of 32-bit keys above the cache, by AVX-512 partitions in place: on Zen 4-5
// this costs less than the radix split into buckets (docs/algorithms/cpu_sort.md, steps 27, 43).
//
// The radix split (hybrid_radix_sort.hpp) takes a whole array to buckets that fit the cache in
// one pass, 1.6-2.0 ns a key on a Zen 5 core, and its buckets are then read out of their chunks
// (0.27). A partition in place reads a range and writes it back where it was, 16 keys compared
// with the pivot at once and each side packed by a register compress (vector_quicksort.hpp's
// partition steps): about eleven levels take 2^24 keys to ranges of 8192, each level cheaper as its
// ranges come to fit L3, then L2. Each range of at most `leaf_keys` is then sorted by
// vector_quicksort.hpp between two buffers in cache and copied back. Not stable: only for sorts
// whose order among equal keys cannot be seen (keys-only 32-bit integers).
//
// The sort works on unsigned keys: the elements are XORed with `flip` (a signed key's sign bit,
// every bit for a descending sort) as they are copied to the output, and back by the leaves.
// Selected at run time (has_avx512f, and by CPU: in_place_partitions_pay below).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/avx512.hpp"
#include "parprim/host/cpu_family.hpp"
#include "parprim/host/vector_quicksort.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>
#endif

namespace parprim::host {

/// Whether this CPU sorts the levels above the cache faster in place than by the radix split:
/// measured on Zen 5 (AMD family 0x1A: 0.88-0.94x the split's time at 2^24 and 2^26 keys,
/// step 27) and on Zen 4 (family 0x19 with AVX-512: 0.93-0.94x, step 43; its register
/// compresses are not the microcoded compress-store), not on the Emerald Rapids host
/// (0.98-1.25x at 2^26). So AMD's family 0x19 and later, with AVX-512.
inline bool in_place_partitions_pay() { return amd_family() >= 0x19 && has_avx512f(); }

/// The largest whole array of keys-only 32-bit integers that a parallel sort partitions in place
/// by every thread (plugins/cpu_tbb/parallel_in_place_sort.hpp) on a CPU where one thread keeps
/// the radix split: on Intel's AVX-512 cores 2^25 keys (the Emerald Rapids host, cpu_sort.md
/// step 35: 0.66-0.95x the split's time at 2^22-2^25 on 16 threads, 0.75-0.87x at 2^24 on 8
/// and 2, but 1.07-1.12x at 2^26 on 16 and 1.03x on 2); 0 elsewhere (Zen 4 and Zen 5 take the
/// path at every size, in_place_partitions_pay).
inline constexpr unsigned parallel_in_place_max_log2_intel = 25;
inline std::uint64_t parallel_in_place_max_keys_here() {
#if PARPRIM_HAVE_AVX512
  static const std::uint64_t keys = is_intel_cpu() && has_avx512f()
                                        ? std::uint64_t{1} << parallel_in_place_max_log2_intel
                                        : 0;
  return keys;
#else
  return 0;
#endif
}

/// For cpu_seq's description (the results' context): "; whole arrays of keys-only 32-bit
/// integers by partitions in place down to the cache" where this CPU takes that path, else "".
inline const char* in_place_path() {
  return in_place_partitions_pay()
             ? "; whole arrays of keys-only 32-bit integers by partitions in place down to the cache"
             : "";
}

/// For cpu_tbb's description: in_place_path, or where only its threads partition in place
/// (parallel_in_place_max_keys_here), up to which size.
inline std::string parallel_in_place_path() {
  if (in_place_partitions_pay()) return in_place_path();
  if (parallel_in_place_max_keys_here() == 0) return "";
  return "; whole arrays of keys-only 32-bit integers up to 2^" +
         std::to_string(std::bit_width(parallel_in_place_max_keys_here()) - 1) +
         " keys by partitions in place on every thread";
}

#if PARPRIM_HAVE_AVX512

#define PARPRIM_IPQ_TARGET __attribute__((target("avx512f,popcnt")))
#define PARPRIM_IPQ_UNROLL _Pragma("GCC unroll 4")

namespace in_place_detail {

using vector_sort_detail::first_lanes;
using vector_sort_detail::lanes;
using vector_sort_detail::partition_cursors;
using vector_sort_detail::partition_step;
using vector_sort_detail::partition_whole_step;
using vector_sort_detail::vec;

/// Vectors a partition reads from one end at a time: the end is chosen once a group (a branch
/// the data decides), and the groups first held aside at either end leave room there for what
/// each side is given.
constexpr unsigned group = 4;
constexpr std::uint64_t group_keys = group * lanes;
/// The shortest range partitioned in place: both ends' groups and a group between them.
constexpr std::uint64_t shortest = 3 * group_keys;

/// The pivot: the median of 16 keys spread over a[0..n). Scalar loads, so that a range of any
/// length is sampled (a gather's indices are 32-bit).
PARPRIM_IPQ_TARGET inline std::uint32_t choose_pivot(const std::uint32_t* a, std::uint64_t n) {
  alignas(64) std::uint32_t sample[lanes];
  const std::uint64_t step = n / lanes;
  for (unsigned i = 0; i < lanes; ++i) sample[i] = a[i * step];
  _mm512_store_si512(sample, vector_sort_detail::sort_lanes(_mm512_load_si512(sample)));
  return sample[lanes / 2];
}

/// Partitions a[0..n) (n >= shortest) in place by the pivot; returns how many keys went to the
/// front. The keys not yet read are [read_front, read_back); those written are [0, at.front) and
/// [at.back, n). The room written at the two ends adds up to 2 * group_keys throughout (a group
/// read adds a group, a group packed takes one), so the end with less of it has room for a
/// group and the other for whatever a group gives it: the next group is read from the former.
template <bool Inclusive>
PARPRIM_IPQ_TARGET std::uint64_t partition(std::uint32_t* a, std::uint64_t n, std::uint32_t pivot) {
  const vec p = _mm512_set1_epi32(static_cast<int>(pivot));
  vec first[group], last[group];
  PARPRIM_IPQ_UNROLL
  for (unsigned g = 0; g < group; ++g) {
    first[g] = _mm512_loadu_si512(a + g * lanes);
    last[g] = _mm512_loadu_si512(a + n - group_keys + g * lanes);
  }
  std::uint64_t read_front = group_keys, read_back = n - group_keys;
  partition_cursors<std::uint64_t> at{0, n};
  while (read_back - read_front >= group_keys) {
    const std::uint32_t* from;
    if (read_front - at.front <= at.back - read_back) {
      from = a + read_front;
      read_front += group_keys;
      __builtin_prefetch(from + 1024);  // 4 KiB ahead: the range may be in memory
    } else {
      read_back -= group_keys;
      from = a + read_back;
      __builtin_prefetch(from - 1024);
    }
    vec v[group];
    PARPRIM_IPQ_UNROLL
    for (unsigned g = 0; g < group; ++g) v[g] = _mm512_loadu_si512(from + g * lanes);
    PARPRIM_IPQ_UNROLL
    for (unsigned g = 0; g < group; ++g) partition_whole_step<Inclusive, false>(v[g], p, a, at);
  }
  // Fewer than a group left unread: all of it loaded before any of it is written (an end may
  // now have less room than a vector, but once nothing is unread the room is exactly theirs).
  vec rest[group];
  __mmask16 valid[group];
  PARPRIM_IPQ_UNROLL
  for (unsigned g = 0; g < group; ++g) {
    const std::uint64_t from = std::min(read_front + g * lanes, read_back);
    valid[g] = first_lanes(static_cast<std::uint32_t>(std::min<std::uint64_t>(read_back - from, lanes)));
    rest[g] = _mm512_maskz_loadu_epi32(valid[g], a + from);
  }
  PARPRIM_IPQ_UNROLL
  for (unsigned g = 0; g < group; ++g) partition_step<Inclusive>(rest[g], valid[g], p, a, at);
  PARPRIM_IPQ_UNROLL
  for (unsigned g = 0; g < group; ++g) {
    partition_whole_step<Inclusive, false>(first[g], p, a, at);
    partition_whole_step<Inclusive, false>(last[g], p, a, at);
  }
  return at.front;
}

/// The ranges one level leaves to sort: [0, front_end) and [back_begin, n) of the range.
struct level_ranges {
  std::uint64_t front_end, back_begin;
};

/// One level: partitions a[0..n) (unsigned keys, n >= shortest) by a pivot sampled from it. If
/// no key is below the pivot, a key of the range, the pivot is its smallest: its copies go
/// first, XORed back with flip (sorted where they are), and the keys above them are left.
PARPRIM_IPQ_TARGET inline level_ranges partition_level(std::uint32_t* a, std::uint64_t n,
                                                       std::uint32_t flip) {
  const std::uint32_t pivot = choose_pivot(a, n);
  const std::uint64_t lows = partition<false>(a, n, pivot);
  if (lows != 0) return {lows, lows};
  const std::uint64_t copies = partition<true>(a, n, pivot);
  std::fill_n(a, copies, pivot ^ flip);
  return {0, copies};
}

}  // namespace in_place_detail

/// Sorts n keys of 32 bits by key ^ flip, unstably, into `out` (which may be `in`): copies them
/// there XORed with flip, partitions them in place while a range is longer than `leaf_keys`
/// (at least in_place_detail::shortest), and sorts each shorter range with vector_quicksort.hpp
/// in the sorter's two buffers, which XORs them back. The depth limit, twice the bits of n and 4
/// more, is reached only by inputs that defeat the sampled pivots again and again. Call only
/// where has_avx512f().
class in_place_quicksort {
 public:
  explicit in_place_quicksort(std::uint32_t leaf_keys)
      : leaf_keys_(std::max<std::uint64_t>(leaf_keys, in_place_detail::shortest)),
        buffers_{aligned_array<std::uint32_t>(leaf_keys_), aligned_array<std::uint32_t>(leaf_keys_)} {}

  void operator()(const std::uint32_t* in, std::uint32_t* out, std::uint64_t n, std::uint32_t flip) {
    sort_with_depth_limit(in, out, n, flip, depth_limit(n));
  }

  /// operator() partitioning at most `depth_limit` levels deep (the tests force its fallback).
  PARPRIM_IPQ_TARGET void sort_with_depth_limit(const std::uint32_t* in, std::uint32_t* out,
                                                std::uint64_t n, std::uint32_t flip,
                                                unsigned depth_limit) {
    const vec f = _mm512_set1_epi32(static_cast<int>(flip));
    std::uint64_t i = 0;
    for (; i + lanes <= n; i += lanes)
      _mm512_storeu_si512(out + i, _mm512_xor_si512(_mm512_loadu_si512(in + i), f));
    for (; i < n; ++i) out[i] = in[i] ^ flip;
    sort_range(out, n, flip, depth_limit);
  }

  /// The depth limit operator() takes for n keys.
  static unsigned depth_limit(std::uint64_t n) { return 2 * static_cast<unsigned>(std::bit_width(n)) + 4; }

  /// Sorts a[0..n) of unsigned keys where it is, partitioning at most `depth` levels deep, and
  /// XORs it back with flip: the rest of operator(), and of a parallel sort's ranges
  /// (plugins/cpu_tbb/parallel_in_place_sort.hpp).
  PARPRIM_IPQ_TARGET void sort_range(std::uint32_t* a, std::uint64_t n, std::uint32_t flip,
                                     unsigned depth) {
    if (n <= leaf_keys_) return leaf(a, n, flip);
    if (depth == 0) {  // a pathological input: no quadratic time
      std::sort(a, a + n);
      for (std::uint64_t i = 0; i < n; ++i) a[i] ^= flip;
      return;
    }
    const in_place_detail::level_ranges left = in_place_detail::partition_level(a, n, flip);
    sort_range(a, left.front_end, flip, depth - 1);
    sort_range(a + left.back_begin, n - left.back_begin, flip, depth - 1);
  }

  std::uint64_t leaf_keys() const { return leaf_keys_; }

 private:
  using vec = vector_sort_detail::vec;
  static constexpr auto lanes = vector_sort_detail::lanes;

  // A range short enough for the cache: vector_quicksort.hpp from the range (already unsigned
  // keys) into the buffers, its networks XORing the keys back, then copied to the range.
  PARPRIM_IPQ_TARGET void leaf(std::uint32_t* a, std::uint64_t n, std::uint32_t flip) {
    if (n == 0) return;
    const vec none = _mm512_setzero_si512(), f = _mm512_set1_epi32(static_cast<int>(flip));
    if (n <= vector_sort_detail::network_keys)
      return vector_sort_detail::sort_small(a, a, static_cast<std::uint32_t>(n), none, f);
    vector_sort_detail::quicksort q{{buffers_[0].data(), buffers_[1].data()}, f, depth_limit(n)};
    q.sort(a, 0, static_cast<std::uint32_t>(n), 0, none);
    std::memcpy(a, buffers_[0].data(), n * sizeof(std::uint32_t));
  }

  std::uint64_t leaf_keys_;
  aligned_array<std::uint32_t> buffers_[2];
};

#undef PARPRIM_IPQ_TARGET
#undef PARPRIM_IPQ_UNROLL

#else

class in_place_quicksort {
 public:
  explicit in_place_quicksort(std::uint32_t) {}
  void operator()(const std::uint32_t*, std::uint32_t*, std::uint64_t, std::uint32_t) {
  }  // never called: has_avx512f() is false
  void sort_with_depth_limit(const std::uint32_t*, std::uint32_t*, std::uint64_t, std::uint32_t,
                             unsigned) {}
};

#endif

}  // namespace parprim::host
