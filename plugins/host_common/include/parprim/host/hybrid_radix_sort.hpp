// The CPU radix sort (docs/algorithms/cpu_sort.md): most significant digit first while a range
// is larger than a core's L2, then least significant digit first inside the cache.
//
// A range larger than the cache is split by its highest differing digit (up to 11 bits),
// through write-combining buffers, into buckets that fit the cache; each bucket is then sorted by
// the bits below that digit with cache_radix_sort.hpp, whose passes never leave the cache. So a
// 32-bit key crosses memory three times (count, split, and the bucket's read and streamed
// write) where an LSD sort with three digits crosses it seven times, and the scatters that cost
// most run where every store hits the cache. Only the bits in which keys differ are sorted by
// (a range's OR and AND of keys say which), so equal keys, constant digits and narrow ranges
// cost one read. Stable throughout: a split keeps input order within a bucket, as LSD passes do.
//
// cpu_seq runs radix_sorter on the whole array (sort_array: a keys-only array whose keys differ in
// their top bit is split with no count before it, its buckets kept in chunks, bucket_chunks.hpp;
// on a CPU where it costs less, Zen 4 or Zen 5, a keys-only array of 32-bit integers is instead
// partitioned in place down to the cache, in_place_quicksort.hpp);
// cpu_tbb splits in parallel (a whole keys-only array with no count too, each block into chunks
// of its own) and hands buckets to one radix_sorter per thread. Both take their decisions from
// split_choice below.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "parprim/host/bucket_chunks.hpp"
#include "parprim/host/cache_radix_sort.hpp"
#include "parprim/host/cpu_family.hpp"
#include "parprim/host/digit_counts.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#include "parprim/host/radix_keys.hpp"
#include "parprim/host/write_combining_scatter.hpp"

namespace parprim::host {

/// The most threads on which cpu_tbb splits a whole keys-only array with no count before it
/// (plugins/cpu_tbb/parallel_radix_sort.hpp), where it was measured to pay (cpu_sort.md): 2 on
/// CPUs without AVX-512, whose count is scalar (Zen 3's 2 threads, step 38: 0.79-0.85x the
/// time), and on AMD's family 0x19 with it (Zen 4's 2 threads, step 40: 0.81-0.86x); 16 on
/// Intel's AVX-512 cores (the GPU machine's Emerald Rapids host, step 42: 0.91-0.94x at 2^26 on
/// 16 threads and 0.93-0.94x on 2, where step 21's earlier scheme, its writers sharing one
/// pool, had lost); 0 on Zen 5, not measured. Where in_place_partitions_pay (Zen 4 since step
/// 43, Zen 5), keys-only 32-bit integers are partitioned in place instead, so there this reaches
/// only the other keys-only types. More threads than measured keep the counted split.
inline unsigned parallel_split_without_count_max_threads_here() {
  if (!has_avx512f() || amd_family() == 0x19) return 2;
  return is_intel_cpu() ? 16 : 0;
}

/// For cpu_tbb's description: "; keys-only arrays split with no count on up to N threads" where
/// this CPU takes that split (parallel_split_without_count_max_threads_here), else "".
inline std::string parallel_split_without_count_path() {
  const unsigned threads = parallel_split_without_count_max_threads_here();
  return threads == 0 ? std::string()
                      : "; keys-only arrays split with no count on up to " +
                            std::to_string(threads) + " threads";
}

/// The tuning of the CPU radix sorts, in one place.
struct radix_sort_policy {
  /// The widest digit (the plugins' `radix_bits`): 2048 buckets keep their counters in L1.
  unsigned max_bits = max_digit_bits;
  /// Bytes of keys and values a cache sort takes: with its two buffers and the range being read,
  /// three quarters of a 1 MiB L2.
  std::uint64_t cache_bytes = 256u << 10;
  /// A split never uses fewer bits than this (a range just over the cache still splits in 16).
  unsigned min_split_bits = 4;
  /// A split takes the widest digit unless its buckets would average fewer elements than the
  /// capacity over this: a bucket's histograms cost about as much as that many keys.
  std::uint32_t min_bucket_fraction = 8;
  /// Keys-only ranges of 32-bit integers are sorted in cache by vector_quicksort.hpp where the
  /// CPU has AVX-512 (cache_radix_sort.hpp says when); false keeps the radix passes everywhere
  /// (the tests, which must reach both on one machine, and the A/B of cpu_sort.md step 18).
  bool vector_keys = true;
  /// Where they are, whether the radix passes still keep ranges of two digits from it
  /// (cache_radix_sort.hpp, radix_keeps_two_digits_here: nowhere the vector quicksort runs;
  /// cpu_sort.md steps 36 and 41; true, the tests reach step 18's rule).
  bool radix_keeps_two_digits = radix_keeps_two_digits_here();
  /// Whether the radix passes narrow their digits for ranges past twice L1
  /// (cache_radix_sort.hpp, cache_sort_narrows_digits_here: not on Zen 3; cpu_sort.md step 39).
  bool cache_narrows_digits = cache_sort_narrows_digits_here();
  /// A keys-only sort of a whole array (radix_sorter::sort_array) splits it by the key's top
  /// digit with no count before it, its buckets in chunks of at least `min_chunk_bytes` and at
  /// most `max_chunk_bytes` (bucket_chunks.hpp; cpu_sort.md step 21); false counts every split.
  bool split_without_count = true;
  std::uint64_t min_chunk_bytes = 1u << 10;
  std::uint64_t max_chunk_bytes = 16u << 10;
  /// Whether a bucket of such a split that the cache sort's vector quicksort takes is read from
  /// its chunks by the first partition (cpu_sort.md, step 46); false copies it into the staging
  /// array first, as every bucket the radix passes take is.
  bool buckets_read_from_chunks = true;
  /// cpu_tbb splits so too, each block into chunks of its own, on at most this many threads.
  unsigned parallel_split_without_count_max_threads =
      parallel_split_without_count_max_threads_here();
  /// A keys-only sort of a whole array of 32-bit integers takes the levels above the cache by
  /// AVX-512 partitions in place instead of the split, down to ranges of `in_place_leaf_keys`
  /// (in_place_quicksort.hpp; cpu_sort.md, step 27), where the CPU is one it pays on.
  bool in_place_partitions = in_place_partitions_pay();
  std::uint32_t in_place_leaf_keys = 8192;
  /// cpu_tbb: where in_place_partitions is false, whole arrays of at most this many keys (of the
  /// kind above) are still partitioned in place, by every thread at once, on the CPUs where
  /// that was measured to pay (parallel_in_place_max_keys_here; cpu_sort.md, step 35); 0: never.
  std::uint64_t parallel_in_place_max_keys = parallel_in_place_max_keys_here();

  std::uint32_t cache_elements(std::size_t element_bytes) const {
    return static_cast<std::uint32_t>(cache_bytes / element_bytes);
  }
};

/// What a range whose key bounds are known needs.
struct split_choice {
  enum kind_type { copy, one_pass, split } kind;
  digit_place place;  // one_pass: every differing bit; split: the highest digit to split by
};

/// The digit to count first, before the range's key bounds are known: the top of `low_bits`,
/// as wide as a split of n elements would make it. Right unless the range's high bits are
/// equal, and then counted once more (split_choice says where). The widest digit leaves the
/// fewest bits to the cache sorts (32-bit keys: 21 bits, two passes; a 9-bit split would leave
/// three).
inline digit_place first_split_place(std::uint64_t n, unsigned low_bits, std::uint32_t capacity,
                                     const radix_sort_policy& policy) {
  const std::uint32_t smallest = std::max<std::uint32_t>(1, capacity / policy.min_bucket_fraction);
  const auto fit = static_cast<unsigned>(std::bit_width(n / smallest));
  const unsigned width =
      std::min({policy.max_bits, low_bits, std::max(policy.min_split_bits, fit)});
  return {low_bits - width, width};
}

/// Splits a range of n elements (n > capacity) sorted by its bits below `low_bits`, given its
/// key bounds: nothing to sort, one pass over every differing bit, or a split by the highest
/// differing digit whose buckets are sorted by the bits below it.
template <class Key>
split_choice choose_split(const key_bounds<Key>& bounds, unsigned low_bits, std::uint64_t n,
                          std::uint32_t capacity, const radix_sort_policy& policy) {
  const Key varying = bounds.varying(low_bits);
  if (varying == 0) return {split_choice::copy, {}};
  const auto high = static_cast<unsigned>(std::bit_width(varying));
  const auto low = static_cast<unsigned>(std::countr_zero(varying));
  if (high - low <= policy.max_bits) return {split_choice::one_pass, {low, high - low}};
  const digit_place top = first_split_place(n, high, capacity, policy);
  return {split_choice::split, top};
}

/// Where a range in src (which may be out or spare) is scattered: one pass goes straight into
/// out unless the range is already there; a split goes to whichever of out and spare the range
/// is not in, its buckets then sorted into out.
template <class T>
elements<T> split_destination(const split_choice& choice, elements<const T> src, elements<T> out,
                              elements<T> spare) {
  if (choice.kind == split_choice::one_pass) return src.keys == out.keys ? spare : out;
  return src.keys == spare.keys ? out : spare;
}

/// The sequential sort: splits while a range is larger than the cache sort's capacity.
template <class T>
class radix_sorter {
 public:
  using buffers_type = write_combining_buffers<T, max_buckets>;

  radix_sorter(const radix_sort_policy& policy, bool pairs)
      : policy_(policy),
        cache_sort_(policy.cache_elements(sizeof(T) * (pairs ? 2 : 1)), pairs, policy.vector_keys,
                    policy.radix_keeps_two_digits, policy.cache_narrows_digits),
        buffers_(pairs),
        counts_(radix_keys<T>::bits / policy.min_split_bits + 1) {}

  std::uint32_t capacity() const { return cache_sort_.capacity(); }
  buffers_type& buffers() { return buffers_; }
  /// The sort of its ranges in cache, as the policy built it (its plan of digits: the tests).
  const cache_radix_sort<T>& cache_sort() const { return cache_sort_; }

  /// Makes room for sort_array's split of n keys without a count (the plan's constructor calls
  /// it, so that no timed run allocates): the chunks' slack and links, and the staging array;
  /// or, where the array is partitioned in place, the leaves' buffers.
  void reserve_array(std::uint64_t n) {
    if (sorts_in_place(n)) {
      if (!in_place_) in_place_ = std::make_unique<in_place_quicksort>(policy_.in_place_leaf_keys);
      return;
    }
    const array_split split = plan_array_split(n);
    if (split.chunk_keys == 0) return;
    chunks_.reserve(n, split.top.buckets(), split.chunk_keys);
    reserve_staging();
  }

  /// sort() of a whole array by every bit of its keys: src[0..n) into out, with `spare` n
  /// elements apart from both. A keys-only array whose keys differ in their top bit (256 of
  /// them, spread over it, say so) is split by its top digit with no count before it, where
  /// reserve_array(n) made room: its buckets go to chunks of the spare array (bucket_chunks.hpp)
  /// and are copied from them into a staging array in cache to be sorted into their places.
  void sort_array(elements<const T> src, elements<T> out, elements<T> spare, std::uint64_t n,
                  radix_keys<T> keys) {
    if (!src.values && in_place_ && sorts_in_place(n)) {
      // The XOR that maps an element to its radix key: that key of zero.
      return (*in_place_)(reinterpret_cast<const std::uint32_t*>(src.keys),
                          reinterpret_cast<std::uint32_t*>(out.keys), n,
                          static_cast<std::uint32_t>(keys(T{0})));
    }
    const array_split split = plan_array_split(n);
    if (!src.values && splits_without_count(split, src.keys, n, keys))
      return split_by_chunks(src.keys, out.keys, spare.keys, n, split, keys);
    sort(src, out, spare, n, radix_keys<T>::bits, keys);
  }

  /// Whether sort_array sorts an array of n keys (keys-only) by partitions in place, where
  /// reserve_array(n) made room: where the policy chose it for this CPU and could_sort_in_place.
  bool sorts_in_place(std::uint64_t n) const {
    return policy_.in_place_partitions && could_sort_in_place(n);
  }

  /// Whether n keys (keys-only) are of the kind partitions in place can sort, whatever the CPU:
  /// 32-bit integers, larger than a cache sort, with AVX-512, unless the policy keeps the radix
  /// passes everywhere (vector_keys false).
  bool could_sort_in_place(std::uint64_t n) const {
    return cache_radix_sort<T>::vector_sortable && policy_.vector_keys && has_avx512f() &&
           n > capacity();
  }

  /// Whether sort_array splits these n keys (keys-only) without a count.
  bool splits_without_count(const T* src, std::uint64_t n, radix_keys<T> keys) const {
    return splits_without_count(plan_array_split(n), src, n, keys);
  }

  /// Makes room for sort_bucket_from_chunks (outside any timed run): the staging array, and the
  /// list of a bucket's runs for as many chunk sets as `sets` (one a block for cpu_tbb).
  void reserve_staging(std::size_t sets = 1) {
    if (staging_.size() < capacity()) staging_ = aligned_array<T>(capacity());
    const std::uint64_t least_chunk = std::max<std::uint64_t>(policy_.min_chunk_bytes / sizeof(T), 1);
    runs_.reserve(capacity() / least_chunk + sets);
  }

  /// One bucket d of a split with no count before it, `count` keys in all, whose keys lie in the
  /// chunks of `sets` (one set for cpu_seq's whole array, one a block for cpu_tbb's), taken in
  /// their order (input order: stable): cache-sorted by the bits below `low_bits` into out,
  /// where the cache sort takes `count` keys (reserve_staging made room), read from the chunks
  /// by the vector quicksort where it takes them and the policy says so, else gathered into the
  /// staging array first; otherwise only gathered into out, to be sorted there by sort() once
  /// no chunk is needed. Returns whether it sorted them.
  bool sort_bucket_from_chunks(std::span<const bucket_chunks<T>> sets, unsigned d,
                               std::uint64_t count, T* out, unsigned low_bits, radix_keys<T> keys) {
    const bool fits = count <= capacity();
    if (policy_.buckets_read_from_chunks && fits && count > 0 &&
        cache_sort_.sorts_by_vector(static_cast<std::uint32_t>(count), low_bits, policy_.max_bits,
                                    false)) {
      // The vector quicksort's first partition reads the chunks where they are (step 46).
      runs_.clear();
      for (const bucket_chunks<T>& set : sets)
        set.for_each_run(d, [&](const T* run, std::uint64_t run_count) {
          runs_.push_back({reinterpret_cast<const std::uint32_t*>(run),
                           static_cast<std::uint32_t>(run_count)});
        });
      cache_sort_.sort_runs(runs_, out, static_cast<std::uint32_t>(count), keys);
      return true;
    }
    T* to = fits ? staging_.data() : out;
    for (const bucket_chunks<T>& set : sets) to += set.copy_out(d, to);
    if (fits && count > 0)
      cache_sort_({staging_.data(), nullptr}, {out, nullptr}, static_cast<std::uint32_t>(count),
                  low_bits, keys, policy_.max_bits, key_source::cache);
    return fits;
  }

  /// Whether 256 keys spread over src[0..n) differ in the key's top bit: then the top digit
  /// spreads the array over its buckets (uniform keys do), as a split with no count needs. A
  /// range whose keys agree there keeps the counted split, which finds its own highest
  /// differing digit.
  static bool top_bit_varies(const T* src, std::uint64_t n, radix_keys<T> keys) {
    constexpr std::uint64_t samples = 256;
    key_bounds<radix_key_t<T>> bounds;
    for (std::uint64_t i = 0; i < samples; ++i) bounds.add(keys(src[i * (n / samples)]));
    return (bounds.varying(radix_keys<T>::bits) >> (radix_keys<T>::bits - 1)) != 0;
  }

  /// Sorts src[0..n) by the bits of its keys below `low_bits` (the higher bits are equal in the
  /// range) into out, stably. `spare` is n elements of scratch; src may be out or spare.
  void sort(elements<const T> src, elements<T> out, elements<T> spare, std::uint64_t n,
            unsigned low_bits, radix_keys<T> keys, unsigned depth = 0) {
    if (n <= capacity()) {
      cache_sort_(src, out, static_cast<std::uint32_t>(n), low_bits, keys, policy_.max_bits);
      return;
    }
    auto& counts = counts_[depth];
    const digit_place first = first_split_place(n, low_bits, capacity(), policy_);
    std::fill_n(counts.begin(), first.buckets(), 0);
    const auto bounds = count_digit(src.keys, n, keys, first, counts.data());
    const split_choice choice = choose_split(bounds, low_bits, n, capacity(), policy_);
    if (choice.kind == split_choice::copy) return copy_elements(src, out, n);
    if (choice.place != first) {
      std::fill_n(counts.begin(), choice.place.buckets(), 0);
      count_digit(src.keys, n, keys, choice.place, counts.data());
    }
    const elements<T> to = split_destination(choice, src, out, spare);
    scatter(src, n, keys, choice.place, counts.data(), to);
    if (choice.kind == split_choice::one_pass) return copy_elements(to, out, n);
    std::uint64_t start = 0;
    for (std::uint32_t b = 0; b < choice.place.buckets(); ++b) {
      const std::uint64_t count = counts[b];
      if (count)
        sort(to + start, out + start, spare + start, count, choice.place.shift, keys, depth + 1);
      start += count;
    }
  }

  /// The stable scatter of src[0..n) by `place`, each bucket starting where `counts` put it.
  void scatter(elements<const T> src, std::uint64_t n, radix_keys<T> keys, digit_place place,
               const std::uint64_t* counts, elements<T> dst) {
    std::uint64_t offsets[max_buckets];
    exclusive_offsets(counts, place.buckets(), std::uint64_t{0}, offsets);
    buffers_.scatter(src, n, place.buckets(), offsets, dst, digit_of<T>{keys, place});
  }

 private:
  /// A whole array's split without a count: by the key's top digit, in chunks of chunk_keys;
  /// chunk_keys is 0 where the policy or the array's size rules it out.
  struct array_split {
    digit_place top;
    std::uint64_t chunk_keys = 0;
  };
  array_split plan_array_split(std::uint64_t n) const {
    if (!policy_.split_without_count || n <= capacity()) return {};
    const digit_place top = first_split_place(n, radix_keys<T>::bits, capacity(), policy_);
    return {top, bucket_chunks<T>::chunk_keys_for(n, top.buckets(), policy_.min_chunk_bytes,
                                                  policy_.max_chunk_bytes)};
  }
  bool splits_without_count(const array_split& split, const T* src, std::uint64_t n,
                            radix_keys<T> keys) const {
    return split.chunk_keys > 0 && chunks_.reserved(n, split.top.buckets(), split.chunk_keys) &&
           top_bit_varies(src, n, keys);
  }

  void split_by_chunks(const T* src, T* out, T* spare, std::uint64_t n, const array_split& split,
                       radix_keys<T> keys) {
    const digit_place top = split.top;
    chunks_.begin(spare, n, top.buckets(), split.chunk_keys);
    buffers_.scatter_to_chunks(src, n, chunks_, digit_of<T>{keys, top});
    const std::uint64_t* counts = chunks_.counts();
    std::uint64_t start = 0;
    for (std::uint32_t b = 0; b < top.buckets(); ++b) {
      sort_bucket_from_chunks({&chunks_, 1}, b, counts[b], out + start, top.shift, keys);
      start += counts[b];
    }
    // Skewed keys: the buckets past the cache sort's capacity, in their places, sorted there
    // now that no chunk of the spare array is needed.
    start = 0;
    for (std::uint32_t b = 0; b < top.buckets(); ++b) {
      const std::uint64_t count = counts[b];
      if (count > capacity())
        sort({out + start, nullptr}, {out + start, nullptr}, {spare + start, nullptr}, count,
             top.shift, keys, 1);
      start += count;
    }
  }

  radix_sort_policy policy_;
  cache_radix_sort<T> cache_sort_;
  buffers_type buffers_;
  bucket_chunks<T> chunks_;
  aligned_array<T> staging_;  // a bucket copied from its chunks, for the cache sort
  std::vector<key_run> runs_;  // a bucket's chunks, for the vector quicksort to read
  std::unique_ptr<in_place_quicksort> in_place_;  // where sorts_in_place: its leaves' buffers
  // A split's bucket counts, one array per depth: the buckets are sorted after the split, and
  // each split consumes at least min_split_bits of the key.
  std::vector<std::array<std::uint64_t, max_buckets>> counts_;
};

}  // namespace parprim::host
