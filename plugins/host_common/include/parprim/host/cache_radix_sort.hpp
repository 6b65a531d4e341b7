// The LSD radix sort of a range small enough to stay in one core's L2: the last step of the
// CPU radix sorts (hybrid_radix_sort.hpp), run on every bucket their memory-wide split leaves.
// One read counts every digit the range still needs; each pass then scatters between two
// buffers the sort owns, which stay in cache from one range to the next, and the sorted range
// goes to its destination in one streaming copy. A scatter straight into the destination
// would read every one of its lines from memory first (docs/algorithms/cpu_sort.md).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/avx512.hpp"
#include "parprim/host/digit_counts.hpp"
#include "parprim/host/radix_keys.hpp"
#include "parprim/host/streaming_store.hpp"
#include "parprim/host/vector_quicksort.hpp"

namespace parprim::host {

/// Whether the cache sort keeps its radix passes for ranges of two digits (step 18's rule,
/// digit_plan::beats_vector_sort) on this CPU. Step 32 made the vector quicksort's networks and
/// partitions about 0.8x cheaper, and since then the rule loses where it was measured again
/// (docs/algorithms/cpu_sort.md, step 36): on Intel's AVX-512 cores (the Emerald Rapids VM,
/// buckets of 4096-16384 keys from memory 3.7-4.8 ns a key by the vector quicksort against
/// 4.0-7.9 by two digits), on Zen 5 (its split with every bucket by the vector quicksort
/// 0.94x the time at 2^24) and on Zen 4 (step 41: buckets of 4096-16384 keys from memory
/// 2.2-2.6 ns a key against 2.7-3.0; cpu_seq 0.85-0.95x the time at 2^24). So the rule stays
/// only where the vector quicksort does not run, on CPUs without AVX-512.
inline bool radix_keeps_two_digits_here() {
  return !has_avx512f();
}

/// Whether the cache sort narrows its digits past twice L1 (cache_radix_sort::widest_digit_bits)
/// on this CPU. Step 10 measured the narrowing on Intel's AVX-512 cores (the Emerald Rapids VM:
/// 2^26 0.85-0.94x of the time); on Zen 3, without AVX-512, it loses (step 39: a bucket in cache
/// past 64 KiB in two wide digits 0.80-0.85x the time of three narrow ones for u32 keys,
/// 0.78-0.81x for pairs, 0.89-0.97x for u64 keys). So CPUs without AVX-512 keep wide digits up
/// to the capacity (measured on Zen 3 only); the rest narrow, Zen 4 and Zen 5 not measured
/// since (there the radix passes take only pairs, f32 and 64-bit keys).
inline bool cache_sort_narrows_digits_here() {
  return has_avx512f();
}

template <class T>
class cache_radix_sort {
 public:
  /// Most digits one range is sorted in: 64 bits of key in digits of 8 bits.
  static constexpr std::size_t max_digits = 8;
  /// Ranges this short are insertion-sorted: cheaper than zeroing and summing any histogram.
  static constexpr std::uint32_t insertion_limit = 24;

  /// `vector_keys`: whether keys-only ranges may be sorted by vector_quicksort.hpp
  /// (sorts_keys_by_vector says when they are); `radix_keeps_two_digits`: whether the radix
  /// passes keep ranges of two digits from it (digit_plan::beats_vector_sort);
  /// `narrows_digits`: whether ranges past `wide_digit_bytes` take narrower digits
  /// (widest_digit_bits).
  cache_radix_sort(std::uint32_t capacity, bool pairs, bool vector_keys = true,
                   bool radix_keeps_two_digits = radix_keeps_two_digits_here(),
                   bool narrows_digits = cache_sort_narrows_digits_here())
      : capacity_(capacity),
        vector_keys_(vector_keys),
        radix_keeps_two_digits_(radix_keeps_two_digits),
        narrows_digits_(narrows_digits),
        keys_{aligned_array<T>(capacity), aligned_array<T>(capacity)},
        values_{aligned_array<T>(pairs ? capacity : 0), aligned_array<T>(pairs ? capacity : 0)} {}

  std::uint32_t capacity() const { return capacity_; }

  /// A scatter stores into one line of each bucket (of keys, and of values for pairs) at a
  /// time. While those lines fit L1 the stores hit it; a digit of 10 or 11 bits has 64-128 KiB
  /// of them, and each store then goes to L2 (2.3 ns a key for 11 bits on an Emerald Rapids
  /// core, 1 ns for 7; docs/algorithms/cpu_sort.md, step 10). So a range larger than
  /// `wide_digit_bytes` is sorted in digits whose lines take at most `l1_bytes`: more passes,
  /// each cheaper. A smaller range keeps its wide digits: up to about twice L1 its two wide
  /// passes cost no more than three narrow ones (8192-16384 keys: 3.0-3.9 ns a key either way),
  /// and the third digit's count is saved. Where `narrows_digits` is false (Zen 3: step 39,
  /// cache_sort_narrows_digits_here), every range keeps its wide digits.
  static constexpr std::size_t l1_bytes = 32u << 10;  // Zen 4's L1D; Zen 5 and Intel's have 48 KiB
  static constexpr std::size_t wide_digit_bytes = 2 * l1_bytes;
  /// The widest digit a range of n keys (and values, for pairs) may take: max_digit_bits up to
  /// `wide_digit_bytes` or where the digits are not narrowed, past it the widest whose lines
  /// fit `l1_bytes`.
  static unsigned widest_digit_bits(std::uint32_t n, bool pairs, bool narrows_digits) {
    const std::size_t streams = pairs ? 2 : 1;
    if (!narrows_digits || std::uint64_t{n} * sizeof(T) * streams <= wide_digit_bytes)
      return max_digit_bits;
    return static_cast<unsigned>(std::bit_width(l1_bytes / (cache_line * streams))) - 1;
  }

  /// Whether keys-only ranges of T may be sorted by vector_quicksort.hpp in place of the radix
  /// passes: where it was asked for and the CPU has AVX-512, and the order among equal keys
  /// cannot be seen, as where the radix key is the element itself up to a constant XOR (the
  /// 32-bit integers; not f32, whose -0.0 and +0.0 share a key and keep their input order).
  static constexpr bool vector_sortable = std::is_integral_v<T> && sizeof(T) == 4;
  bool sorts_keys_by_vector() const { return vector_sortable && vector_keys_ && has_avx512f(); }

  /// How the radix passes would sort a range: in `digits` digits of at most `widest` bits.
  struct digit_plan {
    unsigned digits, widest;

    /// Whether the radix passes beat vector_quicksort.hpp on such a range: with one digit, and
    /// where `two_digits` (radix_keeps_two_digits_here) with two over a range at least twice a
    /// digit's buckets, whose histograms then cost less than its keys. Step 18's rule, measured
    /// before step 32 on buckets read from memory, as the split leaves them (the model 167 VM,
    /// docs/results/cpu-2core-2026-11-28-sort-vector-quicksort/from_memory_runs.txt; 21 bits, ns
    /// a key, radix / vector): 256-3072 keys (two digits of 11 bits) 4.3-2.9 / 1.7-2.5;
    /// 4096-16384 (two digits, 2 to 8 times 2048 buckets) 2.5-3.0 / 2.7-3.0; 20480-65536 (three
    /// digits) 3.3-3.6 / 3.0-3.3.
    bool beats_vector_sort(std::uint32_t n, bool two_digits) const {
      return digits == 1 ||
             (two_digits && digits == 2 && std::uint64_t{n} >= std::uint64_t{2} << widest);
    }
  };

  /// The digits the radix passes sort a range of n elements in, by its `low_bits`: narrower
  /// for short ranges, whose histograms would otherwise cost more than their keys, and for
  /// ranges past L1 where `narrows_digits` (widest_digit_bits); never more than max_digits.
  /// n > insertion_limit.
  static digit_plan plan_digits(std::uint32_t n, unsigned low_bits, unsigned max_bits, bool pairs,
                                bool narrows_digits) {
    const unsigned fewest_bits = (low_bits + max_digits - 1) / max_digits;
    const unsigned widest = std::clamp<unsigned>(
        std::bit_width(n) - 1, fewest_bits,
        std::max(fewest_bits, std::min(max_bits, widest_digit_bits(n, pairs, narrows_digits))));
    return {(low_bits + widest - 1) / widest, widest};
  }

  /// The digits this sort's radix passes take for a range of n elements: plan_digits, narrowed
  /// as the sort was built to (`narrows_digits`).
  digit_plan plan_for(std::uint32_t n, unsigned low_bits, unsigned max_bits, bool pairs) const {
    return plan_digits(n, low_bits, max_bits, pairs, narrows_digits_);
  }

  /// Whether operator() sorts a range of n elements (keys only unless `pairs`) by its bits below
  /// `low_bits` with vector_quicksort.hpp: keys only, where sorts_keys_by_vector, short ranges
  /// too (a network of up to 32 keys costs less than their insertion sort), unless the radix
  /// passes would beat it (digit_plan::beats_vector_sort).
  bool sorts_by_vector(std::uint32_t n, unsigned low_bits, unsigned max_bits, bool pairs) const {
    if (!vector_sortable || pairs || n <= 1 || low_bits == 0 || !sorts_keys_by_vector()) return false;
    return n <= insertion_limit ||
           !plan_for(n, low_bits, max_bits, false).beats_vector_sort(n, radix_keeps_two_digits_);
  }

  /// The vector sort of a keys-only range of n elements that lies in `runs` (one for a range in
  /// one array, one a chunk for a bucket of a split without a count: then its first partition
  /// reads the chunks where they are, with no copy into one array first; cpu_sort.md, step 46),
  /// streamed to dst. Only where sorts_by_vector.
  void sort_runs(std::span<const key_run> runs, T* dst, std::uint32_t n, radix_keys<T> keys) {
    if constexpr (vector_sortable) {
      // The XOR that maps an element to its radix key: that key of zero.
      const std::uint32_t flip = keys(T{0});
      std::uint32_t* const buffers[2] = {reinterpret_cast<std::uint32_t*>(keys_[0].data()),
                                         reinterpret_cast<std::uint32_t*>(keys_[1].data())};
      vector_quicksort(runs, n, flip, buffers, [&](const std::uint32_t* sorted) {
        stream_copy(dst, reinterpret_cast<const T*>(sorted), n);
      });
    }
  }

  /// A keys-only range read from memory, larger than this, is copied into the sort's second
  /// buffer before its radix passes: the copy streams at memory's pace, where the count's loop
  /// would wait on the range's first read (docs/algorithms/cpu_sort.md, step 23: 8192 keys 2.9
  /// -> 2.65 ns a key, 16384 3.8 -> 3.0; 4096 slower).
  static constexpr std::size_t copy_first_bytes = 16u << 10;

  /// Sorts src[0..n) (n <= capacity) by the bits of its keys below `low_bits` (all higher bits
  /// are equal in the range) into dst, stably; dst may be src itself. `source`: whether the
  /// range is in memory (a split's bucket, a user's array) or already in cache (a staging copy).
  void operator()(elements<const T> src, elements<T> dst, std::uint32_t n, unsigned low_bits,
                  radix_keys<T> keys, unsigned max_bits, key_source source = key_source::memory) {
    if (sorts_by_vector(n, low_bits, max_bits, src.values != nullptr)) {
      const key_run run{reinterpret_cast<const std::uint32_t*>(src.keys), n};
      return sort_runs({&run, 1}, dst.keys, n, keys);
    }
    const bool short_range = n <= insertion_limit;
    const digit_plan plan =
        short_range ? digit_plan{0, 0} : plan_for(n, low_bits, max_bits, src.values != nullptr);
    if (n <= insertion_limit) {
      copy_elements(src, dst, n);
      insertion_sort(dst, n, keys);
      return;
    }
    if (source == key_source::memory && !src.values &&
        std::uint64_t{n} * sizeof(T) > copy_first_bytes) {
      // temp(1): the first pass writes temp(0), and the second, which may write temp(1),
      // reads temp(0); the checks below read only the range's first key, any of its keys.
      std::memcpy(keys_[1].data(), src.keys, std::uint64_t{n} * sizeof(T));
      src = {keys_[1].data(), nullptr};
    }
    const unsigned digits = plan.digits;
    digit_place places[max_digits];
    for (unsigned d = 0, shift = 0; d < digits; ++d) {
      // As even as the bits allow (21 bits: 10 and 11), so no digit is needlessly wide.
      places[d] = {shift, (low_bits - shift) / (digits - d)};
      shift += places[d].width;
      std::fill_n(histograms_[d].begin(), places[d].buckets(), 0u);
    }
    count_all(src.keys, n, keys, places, digits);

    unsigned passes = 0;
    for (unsigned d = 0; d < digits; ++d) {
      const auto& counts = histograms_[d];
      if (counts[places[d].of(keys(src.keys[0]))] == n) continue;  // every key has this digit
      std::uint32_t offsets[max_buckets];
      exclusive_offsets(counts.data(), places[d].buckets(), std::uint32_t{0}, offsets);
      const elements<const T> from = passes == 0 ? src : temp(passes - 1);
      if (src.values)
        scatter<true>(from, n, keys, places[d], offsets, temp(passes));
      else
        scatter<false>(from, n, keys, places[d], offsets, temp(passes));
      ++passes;
    }
    if (passes == 0) {  // every key equal in these bits: the input order is the sorted order
      copy_elements(src, dst, n);
      return;
    }
    const elements<T> sorted = temp(passes - 1);
    stream_copy(dst.keys, sorted.keys, n);
    if (src.values) stream_copy(dst.values, sorted.values, n);
  }

 private:
  elements<T> temp(unsigned pass) {
    return {keys_[pass % 2].data(), values_[pass % 2].data()};
  }

  void count_all(const T* in, std::uint32_t n, radix_keys<T> keys, const digit_place* places,
                 unsigned digits) {
    switch (digits) {
      case 1: return count_digits<1>(in, n, keys, places, histograms_);
      case 2: return count_digits<2>(in, n, keys, places, histograms_);
      case 3: return count_digits<3>(in, n, keys, places, histograms_);
      case 4: return count_digits<4>(in, n, keys, places, histograms_);
      case 5: return count_digits<5>(in, n, keys, places, histograms_);
      case 6: return count_digits<6>(in, n, keys, places, histograms_);
      case 7: return count_digits<7>(in, n, keys, places, histograms_);
      case 8: return count_digits<8>(in, n, keys, places, histograms_);
      default: return;  // no bits left to sort by
    }
  }

  // The stable scatter within the cache: the destination is one of the sort's own buffers.
  template <bool Pairs>
  static void scatter(elements<const T> src, std::uint32_t n, radix_keys<T> keys,
                      digit_place place, std::uint32_t* offsets, elements<T> dst) {
    for_each_key<key_source::cache>(src.keys, n, [&](T k, std::uint32_t i)
                                                     PARPRIM_ALWAYS_INLINE {
      const std::uint32_t at = offsets[place.of(keys(k))]++;
      dst.keys[at] = k;
      if constexpr (Pairs) dst.values[at] = src.values[i];
    });
  }

  static void insertion_sort(elements<T> a, std::uint32_t n, radix_keys<T> keys) {
    for (std::uint32_t i = 1; i < n; ++i) {
      const T k = a.keys[i];
      const T v = a.values ? a.values[i] : T{};
      const auto key = keys(k);
      std::uint32_t j = i;
      for (; j > 0 && keys(a.keys[j - 1]) > key; --j) {  // strictly greater: equal keys stay
        a.keys[j] = a.keys[j - 1];
        if (a.values) a.values[j] = a.values[j - 1];
      }
      a.keys[j] = k;
      if (a.values) a.values[j] = v;
    }
  }

  std::uint32_t capacity_;
  bool vector_keys_;
  bool radix_keeps_two_digits_;
  bool narrows_digits_;
  aligned_array<T> keys_[2], values_[2];
  digit_histograms<max_digits> histograms_;
};

}  // namespace parprim::host
