// The cache sort's plan of digits (plugins/host_common/include/parprim/host/cache_radix_sort.hpp):
// narrowed past twice L1 or not (cache_sort_narrows_digits_here; docs/algorithms/cpu_sort.md,
// step 39), and its choice between its radix passes and the vector quicksort for ranges of two
// digits (digit_plan and radix_keeps_two_digits; cpu_sort.md, step 36): the rule at its edges, and
// ranges of two digits sorted under either rule, at the edge where the radix passes would take
// them (twice a digit's buckets), each against std::stable_sort by the radix key. On a CPU
// without AVX-512 both rules take the radix passes, and the sorts are checked all the same.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/cache_radix_sort.hpp"

using namespace parprim::host;

TEST_CASE("cache_radix_sort: the radix passes keep one digit always, two only by the rule") {
  using plan = cache_radix_sort<std::uint32_t>::digit_plan;
  for (const bool two_digits : {true, false}) {
    CAPTURE(two_digits);
    CHECK(plan{1, 11}.beats_vector_sort(100, two_digits));
    CHECK(plan{1, 11}.beats_vector_sort(65536, two_digits));
    CHECK_FALSE(plan{3, 7}.beats_vector_sort(65536, two_digits));
  }
  // Two digits of 11 bits: from twice a digit's 2048 buckets, and only where the rule keeps them.
  CHECK_FALSE(plan{2, 11}.beats_vector_sort(4095, true));
  CHECK(plan{2, 11}.beats_vector_sort(4096, true));
  CHECK(plan{2, 10}.beats_vector_sort(2048, true));
  for (const std::uint32_t n : {2048u, 4096u, 16384u})
    CHECK_FALSE(plan{2, 11}.beats_vector_sort(n, false));
  // The rule of cpu_sort.md steps 36 and 41: the vector quicksort takes ranges of two digits
  // wherever it runs (measured on Intel's AVX-512 cores, Zen 4 and Zen 5).
  CHECK(radix_keeps_two_digits_here() == !has_avx512f());
}

TEST_CASE("cache_radix_sort: ranges past twice L1 narrow their digits only where told to") {
  using sort = cache_radix_sort<std::uint32_t>;
  // 32768 keys (128 KiB, a 2^26 sort's bucket) of 21 bits: three digits whose lines fit L1
  // (at most 9 bits; 8 for pairs) where the digits narrow, else two of 10 and 11 (step 39).
  for (const bool pairs : {false, true}) {
    CAPTURE(pairs);
    const auto narrow = sort::plan_digits(32768, 21, max_digit_bits, pairs, true);
    CHECK(narrow.digits == 3);
    CHECK(narrow.widest == (pairs ? 8u : 9u));
    const auto wide = sort::plan_digits(32768, 21, max_digit_bits, pairs, false);
    CHECK(wide.digits == 2);
    CHECK(wide.widest == max_digit_bits);
    // Within twice L1 the digits are wide either way.
    const auto small = sort::plan_digits(pairs ? 8192 : 16384, 21, max_digit_bits, pairs, true);
    CHECK(small.digits == 2);
    // A sort plans its ranges as it was built to.
    for (const bool narrows : {true, false}) {
      const sort built(32768, pairs, false, false, narrows);
      CHECK(built.plan_for(32768, 21, max_digit_bits, pairs).digits == (narrows ? 3u : 2u));
    }
  }
  // The rule of cpu_sort.md step 39: measured to lose on Zen 3, so kept only on AVX-512 cores.
  CHECK(cache_sort_narrows_digits_here() == has_avx512f());
}

namespace {

/// n keys whose top `32 - low_bits` bits are one value (a split's bucket) and whose low bits
/// are uniform, with a run of equal keys so that a stable order can be seen in the signed form.
template <class T>
std::vector<T> bucket_keys(std::uint32_t n, unsigned low_bits, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::uint32_t top = 0x5A5u << low_bits;
  std::vector<T> keys(n);
  for (auto& k : keys)
    k = static_cast<T>(top | static_cast<std::uint32_t>(rng() & ((1u << low_bits) - 1)));
  for (std::uint32_t i = 0; i < n / 8; ++i) keys[i * 7 % n] = keys[0];
  return keys;
}

template <class T>
void check_two_digit_ranges(std::uint64_t base_seed) {
  constexpr unsigned low_bits = 21;  // a 2^24 or 2^26 sort's buckets after its 11-bit split
  for (const bool two_digits : {true, false})
    for (const bool descending : {false, true})
      for (const std::uint32_t n : {4095u, 4096u, 4097u, 6143u, 8192u, 16384u, 16385u}) {
        const std::uint64_t seed = base_seed + n + (two_digits ? 1 : 0) + (descending ? 2 : 0);
        CAPTURE(two_digits, descending, n, seed);
        const std::vector<T> keys = bucket_keys<T>(n, low_bits, seed);
        const radix_keys<T> map(descending);
        cache_radix_sort<T> sort(65536, false, true, two_digits);
        aligned_array<T> src(n), dst(n + 1);
        std::copy(keys.begin(), keys.end(), src.data());
        dst.data()[n] = T{0x1234567};  // one past: never written
        // The top bits are equal in the descending map too (its XOR complements them all).
        sort({src.data(), nullptr}, {dst.data(), nullptr}, n, low_bits, map, max_digit_bits);
        std::vector<T> expected = keys;
        std::stable_sort(expected.begin(), expected.end(),
                         [&](T a, T b) { return map(a) < map(b); });
        CHECK(std::equal(expected.begin(), expected.end(), dst.data()));
        CHECK(dst.data()[n] == T{0x1234567});
      }
}

}  // namespace

TEST_CASE("cache_radix_sort: ranges of two digits sort under either rule, u32 and i32") {
  check_two_digit_ranges<std::uint32_t>(36000);
  check_two_digit_ranges<std::int32_t>(36100);
}
