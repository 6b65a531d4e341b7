// The CPU radix sort's building blocks (plugins/host_common/include/parprim/host/
// hybrid_radix_sort.hpp and cache_radix_sort.hpp), called directly: a policy with a tiny cache
// makes inputs of a few hundred elements take every path a 2^26-element sort takes (splits,
// nested splits, one-pass ranges, equal buckets), at the edges of each threshold, against
// std::stable_sort by the same radix keys, bit for bit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim;
using namespace parprim::host;

namespace {

enum class shape {
  uniform,        // every bit random
  middle_bits,    // 13 random bits in the middle of the key: splits below the top
  two_bits,       // keys 0..3: one pass over the two differing bits
  all_equal,      // nothing to sort
  dominant,       // nine keys in ten equal: one bucket far larger than the others
  few_unique,     // five values
  ascending,      // already sorted
  descending,     // sorted backwards
  float_special,  // ±0, ±inf, NaNs of both signs, denormals among uniform floats
};

constexpr shape all_shapes[] = {shape::uniform,  shape::middle_bits, shape::two_bits,
                                shape::all_equal, shape::dominant,   shape::few_unique,
                                shape::ascending, shape::descending, shape::float_special};

template <class T>
T from_bits(std::uint64_t bits) {
  T x;
  std::memcpy(&x, &bits, sizeof(T));  // little-endian: the low bytes
  return x;
}

template <class T>
std::vector<T> make_keys(shape s, std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> keys(n);
  const T common = from_bits<T>(rng());
  const T palette[5] = {from_bits<T>(rng()), from_bits<T>(rng()), from_bits<T>(rng()),
                        from_bits<T>(rng()), from_bits<T>(rng())};
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = rng();
    switch (s) {
      case shape::uniform: keys[i] = from_bits<T>(r); break;
      case shape::middle_bits: keys[i] = from_bits<T>((r & 0x1FFF) << 9 | 0x5); break;
      case shape::two_bits: keys[i] = static_cast<T>(r & 3); break;
      case shape::all_equal: keys[i] = common; break;
      case shape::dominant: keys[i] = r % 10 ? common : from_bits<T>(r >> 8); break;
      case shape::few_unique: keys[i] = palette[r % 5]; break;
      case shape::ascending: keys[i] = static_cast<T>(i); break;
      case shape::descending: keys[i] = static_cast<T>(n - i); break;
      case shape::float_special:
        if constexpr (std::is_floating_point_v<T>) {
          using L = std::numeric_limits<T>;
          const T special[] = {T(0),          -T(0),          L::infinity(),   -L::infinity(),
                               L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(), -L::denorm_min()};
          keys[i] = r % 4 == 0 ? special[(r >> 2) % 8] : T(static_cast<double>(r >> 11) / 1e12 - 4e3);
        } else {
          keys[i] = from_bits<T>(r);
        }
        break;
    }
  }
  return keys;
}

/// How check_sort calls radix_sorter: sort() on a range, or sort_array() on a whole array (which
/// may split it without a count).
enum class entry { range, whole_array };

/// Sorts `keys` (with values 0..n-1 for pairs) through radix_sorter and compares every key and
/// value, bitwise, with std::stable_sort by the same radix keys. `in_place`: the input is
/// already in the output (as after a split into it) and sorted there. Returns whether the sort
/// split the array without a count.
template <class T>
bool check_sort(const std::vector<T>& keys, bool descending, bool pairs,
                const radix_sort_policy& policy, bool in_place, entry how = entry::range) {
  const std::uint64_t n = keys.size();
  const radix_keys<T> map(descending);
  aligned_array<T> in(n), values_in(n), out(n), values_out(n), spare(n), values_spare(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    in.data()[i] = keys[i];
    values_in.data()[i] = static_cast<T>(i);
  }
  const elements<T> out_e{out.data(), pairs ? values_out.data() : nullptr};
  const elements<T> spare_e{spare.data(), pairs ? values_spare.data() : nullptr};
  elements<const T> src{in.data(), pairs ? values_in.data() : nullptr};
  if (in_place) {
    copy_elements(src, out_e, n);
    src = out_e;
  }
  radix_sorter<T> sorter(policy, pairs);
  bool without_count = false;
  if (how == entry::whole_array) {
    if (!pairs) sorter.reserve_array(n);
    without_count = !pairs && sorter.splits_without_count(src.keys, n, map);
    sorter.sort_array(src, out_e, spare_e, n, map);
  } else {
    sorter.sort(src, out_e, spare_e, n, radix_keys<T>::bits, map);
  }

  std::vector<std::uint64_t> order(n);
  for (std::uint64_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return map(keys[a]) < map(keys[b]); });
  std::uint64_t first_wrong = 0;
  while (first_wrong < n &&
         std::memcmp(&out.data()[first_wrong], &keys[order[first_wrong]], sizeof(T)) == 0 &&
         (!pairs || values_out.data()[first_wrong] == static_cast<T>(order[first_wrong])))
    ++first_wrong;
  CHECK(first_wrong == n);  // the first element out of place, if any
  if (!in_place && n > 0) CHECK(std::memcmp(in.data(), keys.data(), n * sizeof(T)) == 0);
  return without_count;
}

/// A policy whose cache sort takes `capacity` elements of T (keys, or keys and values).
template <class T>
radix_sort_policy tiny_cache(std::uint32_t capacity, bool pairs, unsigned max_bits,
                             bool vector_keys) {
  radix_sort_policy policy;
  policy.cache_bytes = std::uint64_t(capacity) * sizeof(T) * (pairs ? 2 : 1);
  policy.max_bits = max_bits;
  policy.vector_keys = vector_keys;
  // The split's paths, whatever the CPU: the partitions in place that Zen 4-5 take for whole
  // arrays of 32-bit integers are tested in test_in_place_quicksort.cpp.
  policy.in_place_partitions = false;
  return policy;
}

/// Whether a cache sort of T may take vector_quicksort.hpp: then both it and the radix passes
/// are checked, on an AVX-512 CPU (elsewhere the two runs take the same radix passes).
template <class T>
constexpr bool has_vector_form = std::is_integral_v<T> && sizeof(T) == 4;

template <class T>
void check_every_path(std::uint64_t base_seed) {
  constexpr std::uint32_t capacity = 64;
  // Around the insertion sort's limit, the cache sort's capacity, the serial split's smallest
  // bucket and a nested split; then larger and odd.
  const std::uint64_t sizes[] = {0,   1,   2,   23,  24,  25,   63,   64,   65,
                                 255, 256, 257, 511, 513, 1000, 4099, 20011};
  for (const shape s : all_shapes)
    for (const std::uint64_t n : sizes)
      for (const bool descending : {false, true})
        for (const bool pairs : {false, true})
          for (const unsigned max_bits : {8u, 11u})
            for (const bool vector_keys : {true, false}) {
              if (!vector_keys && (pairs || !has_vector_form<T>)) continue;  // the same run
              const std::uint64_t seed = base_seed + n * 97 + static_cast<unsigned>(s);
              const bool in_place = (n + seed) % 3 == 0;
              CAPTURE(static_cast<int>(s), n, descending, pairs, max_bits, vector_keys, seed,
                      in_place);
              check_sort<T>(make_keys<T>(s, n, seed), descending, pairs,
                            tiny_cache<T>(capacity, pairs, max_bits, vector_keys), in_place);
            }
}

}  // namespace

TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, u32") {
  check_every_path<std::uint32_t>(1000);
}
TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, i32") {
  check_every_path<std::int32_t>(2000);
}
TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, u64") {
  check_every_path<std::uint64_t>(3000);
}
TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, i64") {
  check_every_path<std::int64_t>(4000);
}
TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, f32") {
  check_every_path<float>(5000);
}
TEST_CASE("hybrid_radix_sort: every path of a tiny-cache sort matches std::stable_sort, f64") {
  check_every_path<double>(6000);
}

namespace {

/// sort_array's split without a count (bucket_chunks.hpp), with a cache sort of 64 elements and
/// chunks from one line up: sizes at the chunk sizes' edges (the first size that takes chunks
/// of one line, a size between, one of larger chunks), shapes that take it (uniform keys, and
/// dominant ones, whose large bucket is sorted from its place), shapes that keep the counted
/// split (keys that agree in their top bit), pairs (always counted); both orders.
template <class T>
void check_whole_arrays(std::uint64_t base_seed) {
  radix_sort_policy policy = tiny_cache<T>(64, false, 8, true);
  policy.min_chunk_bytes = cache_line;
  policy.max_chunk_bytes = 4 * cache_line;
  const std::uint64_t per_line = cache_line / sizeof(T);
  const std::uint64_t least = 4 * 256 * per_line;  // 256 buckets of a chunk of a line each
  for (const std::uint64_t n : {least - 1, least, least + 1, 3 * least - 5, 16 * least + 7})
    for (const shape s : all_shapes)
      for (const bool descending : {false, true})
        for (const bool pairs : {false, true}) {
          const std::uint64_t seed = base_seed + n * 31 + static_cast<unsigned>(s);
          CAPTURE(n, static_cast<int>(s), descending, pairs, seed);
          const bool chunked = check_sort<T>(make_keys<T>(s, n, seed), descending, pairs, policy,
                                             false, entry::whole_array);
          // Uniform keys differ in the top bit: from the least size up they take chunks.
          if (s == shape::uniform && !pairs) CHECK(chunked == (n >= least));
          if (s == shape::middle_bits || s == shape::two_bits || pairs) CHECK_FALSE(chunked);
        }
}

}  // namespace

TEST_CASE("hybrid_radix_sort: whole arrays split without a count match std::stable_sort") {
  check_whole_arrays<std::uint32_t>(21000);
  check_whole_arrays<std::int32_t>(22000);
  check_whole_arrays<std::uint64_t>(23000);
  check_whole_arrays<float>(24000);
  check_whole_arrays<double>(25000);
}

TEST_CASE("hybrid_radix_sort: buckets read from their chunks by the vector quicksort, or copied") {
  // A cache sort of 4096 keys, 256 buckets (8 bits), chunks of 1-4 lines: buckets of about
  // 3072 keys in runs of 64, past a network's 256, so the first partition reads them from the
  // chunks (step 46) or from the staging copy; uniform keys and dominant ones (whose large
  // bucket is sorted from its place), both orders, signed and unsigned.
  for (const bool from_chunks : {true, false})
    for (const shape s : {shape::uniform, shape::dominant})
      for (const bool descending : {false, true}) {
        radix_sort_policy policy = tiny_cache<std::uint32_t>(4096, false, 8, true);
        policy.min_chunk_bytes = cache_line;
        policy.max_chunk_bytes = 4 * cache_line;
        policy.buckets_read_from_chunks = from_chunks;
        const std::uint64_t n = 3 * 256 * 1024 + 5;
        const std::uint64_t seed = 46100 + static_cast<unsigned>(s) + (descending ? 2 : 0);
        CAPTURE(from_chunks, static_cast<int>(s), descending, seed);
        // Both shapes differ in the top bit, so both take the chunks.
        CHECK(check_sort<std::uint32_t>(make_keys<std::uint32_t>(s, n, seed), descending, false,
                                        policy, false, entry::whole_array));
        CHECK(check_sort<std::int32_t>(make_keys<std::int32_t>(s, n, seed + 7), descending, false,
                                       policy, false, entry::whole_array));
      }
}

TEST_CASE("hybrid_radix_sort: the default policy at the edges of its cache sort") {
  for (const bool vector_keys : {true, false})
    for (const bool pairs : {false, true}) {
      radix_sort_policy policy;
      policy.vector_keys = vector_keys;
      const std::uint32_t capacity = policy.cache_elements(sizeof(std::uint32_t) * (pairs ? 2 : 1));
      for (const std::uint64_t n : {std::uint64_t(capacity) - 1, std::uint64_t(capacity),
                                    std::uint64_t(capacity) + 1, 8 * std::uint64_t(capacity) + 3})
        for (const shape s : {shape::uniform, shape::dominant, shape::middle_bits}) {
          const std::uint64_t seed = 77 + n;
          CAPTURE(vector_keys, pairs, n, static_cast<int>(s), seed);
          check_sort<std::uint32_t>(make_keys<std::uint32_t>(s, n, seed), false, pairs, policy,
                                    false);
        }
    }
}

namespace {

template <class T>
void check_wide_digit_edges(std::uint64_t base_seed) {
  radix_sort_policy policy;
  policy.vector_keys = false;  // the radix passes' digits are what is checked
  using cache_sort = cache_radix_sort<T>;
  for (const bool narrows : {true, false})
    for (const bool pairs : {false, true}) {
      policy.cache_narrows_digits = narrows;
      // The most elements that keep wide digits where the digits narrow.
      const std::uint32_t wide = static_cast<std::uint32_t>(cache_sort::wide_digit_bytes /
                                                             (sizeof(T) * (pairs ? 2 : 1)));
      CHECK(cache_sort::widest_digit_bits(wide, pairs, narrows) == max_digit_bits);
      CHECK(cache_sort::widest_digit_bits(wide + 1, pairs, narrows) ==
            (narrows ? (pairs ? 8u : 9u) : max_digit_bits));
      for (const std::uint64_t n : {std::uint64_t(wide) - 1, std::uint64_t(wide),
                                    std::uint64_t(wide) + 1, 3 * std::uint64_t(wide) + 7})
        for (const shape s : {shape::uniform, shape::middle_bits, shape::float_special})
          for (const bool descending : {false, true}) {
            const std::uint64_t seed = base_seed + n + static_cast<unsigned>(s);
            CAPTURE(narrows, pairs, n, static_cast<int>(s), descending, seed);
            check_sort<T>(make_keys<T>(s, n, seed), descending, pairs, policy, false);
          }
    }
}

}  // namespace

// A cache sort of a range well past L1 takes narrower digits (step 10 of docs/algorithms/
// cpu_sort.md) where the policy narrows them, and its wide digits up to its capacity where it
// does not (step 39): more passes or fewer, each from a different place, at the edge and past
// it, both ways on every CPU.
TEST_CASE("hybrid_radix_sort: cache sorts at the edge of their wide digits, every type") {
  check_wide_digit_edges<std::uint32_t>(10000);
  check_wide_digit_edges<std::int32_t>(11000);
  check_wide_digit_edges<std::uint64_t>(12000);
  check_wide_digit_edges<std::int64_t>(13000);
  check_wide_digit_edges<float>(14000);
  check_wide_digit_edges<double>(15000);
}

TEST_CASE("hybrid_radix_sort: the policy says whether the cache sort narrows its digits") {
  for (const bool narrows : {true, false}) {
    radix_sort_policy policy;
    policy.cache_narrows_digits = narrows;
    const radix_sorter<std::uint32_t> keys_only(policy, false);
    const radix_sorter<std::uint32_t> pairs(policy, true);
    // A 2^26 sort's bucket of 32768 elements, 21 bits under its split.
    CHECK(keys_only.cache_sort().plan_for(32768, 21, max_digit_bits, false).digits ==
          (narrows ? 3u : 2u));
    CHECK(pairs.cache_sort().plan_for(32768, 21, max_digit_bits, true).digits ==
          (narrows ? 3u : 2u));
  }
  CHECK(radix_sort_policy{}.cache_narrows_digits == cache_sort_narrows_digits_here());
}

TEST_CASE("hybrid_radix_sort: a split looks only at the bits in which keys differ") {
  const radix_sort_policy policy;  // 11-bit digits
  key_bounds<std::uint32_t> same;
  same.add(0xABCD1234u);
  same.add(0xABCD1234u);
  CHECK(choose_split(same, 32, 1 << 20, 1 << 16, policy).kind == split_choice::copy);

  key_bounds<std::uint32_t> narrow;  // bits 4..13 differ: one pass over exactly those
  narrow.add(0x12340000u);
  narrow.add(0x12343FF0u);
  const split_choice one = choose_split(narrow, 32, 1 << 20, 1 << 16, policy);
  CHECK(one.kind == split_choice::one_pass);
  CHECK(one.place == digit_place{4, 10});

  key_bounds<std::uint32_t> wide;  // bits 0..29 differ: split by the top 11 of them
  wide.add(0u);
  wide.add(0x3FFFFFFFu);
  const split_choice top = choose_split(wide, 32, std::uint64_t(1) << 26, 1 << 16, policy);
  CHECK(top.kind == split_choice::split);
  CHECK(top.place == digit_place{19, 11});
  // A range just over the cache splits into few, larger buckets.
  const split_choice small = choose_split(wide, 32, (1 << 16) + 1, 1 << 16, policy);
  CHECK(small.kind == split_choice::split);
  CHECK(small.place.width == policy.min_split_bits);
  // Bits at or above `low_bits` are equal by contract and never looked at.
  CHECK(choose_split(wide, 8, 1 << 20, 1 << 16, policy).place == digit_place{0, 8});
}

TEST_CASE("hybrid_radix_sort: cpu_tbb splits with no count on as many threads as were measured") {
  const unsigned threads = parallel_split_without_count_max_threads_here();
  if (!has_avx512f())
    CHECK(threads == 2);  // Zen 3 (cpu_sort.md step 38), its count scalar
  else if (amd_family() == 0x19)
    CHECK(threads == 2);  // Zen 4 (step 40)
  else if (is_intel_cpu())
    CHECK(threads == 16);  // the Emerald Rapids host's 2 and 16 threads (step 42)
  else
    CHECK(threads == 0);  // Zen 5, not measured
  CHECK(radix_sort_policy{}.parallel_split_without_count_max_threads == threads);
}
