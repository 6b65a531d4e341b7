// The AVX-512 partitions in place above the cache (plugins/host_common/include/parprim/host/
// in_place_quicksort.hpp), called directly on any AVX-512 CPU (the plugins take them only where
// they pay, in_place_partitions_pay): sizes at the partition's edges (its shortest range, 192
// keys, the leaves' limit and a vector each side of both) and past them, every input kind that
// tests the pivots, every XOR a plugin passes, a sort in place (out == in), and the depth limit
// forced; each against std::sort by the same keys, the output's end guarded. Then radix_sorter
// with the policy's choice forced either way, every 32-bit type and order. Skipped where the CPU
// has no AVX-512.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#include "quicksort_inputs.hpp"

using namespace parprim::host;
using namespace parprim::test::quicksort_inputs;

namespace {

constexpr std::uint32_t leaf_keys = 512;

void check(const std::vector<std::uint32_t>& keys, std::uint32_t flip, bool in_place) {
  const auto n = keys.size();
  std::vector<std::uint32_t> out(n + 1, 0xDEADBEEF);  // one past: never written
  in_place_quicksort sort(leaf_keys);
  if (in_place) {
    std::copy(keys.begin(), keys.end(), out.begin());
    sort(out.data(), out.data(), n, flip);
  } else {
    sort(keys.data(), out.data(), n, flip);
  }
  CHECK(out[n] == 0xDEADBEEF);
  out.resize(n);
  CHECK(out == expected(keys, flip));
}

bool skip() {
  if (has_avx512f()) return false;
  WARN("no AVX-512 on this CPU: in_place_quicksort is not used here");
  return true;
}

}  // namespace

TEST_CASE("in_place_quicksort: sizes at the partition's and the leaves' edges, every input") {
  if (skip()) return;
  const std::uint32_t sizes[] = {0,   1,   17,  191, 192, 193,  255,  256,   257,  511,
                                 512, 513, 527, 528, 529, 1000, 4097, 10007, 65536, 100003};
  for (const input kind : all_inputs)
    for (const std::uint32_t n : sizes)
      for (const std::uint32_t flip : flips) {
        const std::uint64_t seed = 27000 + n * 31 + static_cast<unsigned>(kind);
        CAPTURE(static_cast<int>(kind), n, flip, seed);
        check(make_input(kind, n, seed), flip, (n + flip) % 2 == 1);
      }
}

TEST_CASE("in_place_quicksort: the depth limit's fallback sorts what is left") {
  if (skip()) return;
  for (const unsigned depth_limit : {0u, 1u, 3u})
    for (const std::uint32_t flip : flips)
      for (const input kind : {input::uniform, input::few_unique, input::organ_pipe}) {
        const std::uint64_t n = 20011;
        const auto keys = make_input(kind, n, 27500 + depth_limit);
        std::vector<std::uint32_t> out(n);
        in_place_quicksort(leaf_keys).sort_with_depth_limit(keys.data(), out.data(), n, flip,
                                                            depth_limit);
        CAPTURE(depth_limit, flip, static_cast<int>(kind));
        CHECK(out == expected(keys, flip));
      }
}

#if PARPRIM_HAVE_AVX512

namespace {

// count_below and partition_copy of a level's two blocks (the keys' halves), against a scalar
// partition by the same pivot.
template <bool Inclusive>
void check_top_level(const std::vector<std::uint32_t>& keys, std::uint32_t flip, std::uint32_t pivot) {
  const std::uint64_t n = keys.size();
  std::vector<std::uint32_t> lows, highs;
  for (const std::uint32_t k : keys)
    ((Inclusive ? (k ^ flip) <= pivot : (k ^ flip) < pivot) ? lows : highs).push_back(k ^ flip);
  CHECK(in_place_detail::count_below<Inclusive>(keys.data(), n, flip, pivot) == lows.size());
  // Written between guards, the second block first: between a block's cursors lie the other
  // block's places, which its stores must leave alone (cursors as parallel_in_place_sort.hpp
  // gives them: block 0's lows first, then block 1's; block 0's highs first above the lows).
  constexpr std::uint64_t guard = 40;
  std::vector<std::uint32_t> out(n + 2 * guard, 0xDEADBEEF);
  const std::uint64_t half = n / 2;
  const std::uint64_t lows_0 = in_place_detail::count_below<Inclusive>(keys.data(), half, flip, pivot);
  const std::uint64_t highs_0 = half - lows_0;
  in_place_detail::partition_copy<Inclusive>(keys.data() + half, n - half, flip, pivot, out.data(),
                                             {guard + lows_0, guard + n});
  in_place_detail::partition_copy<Inclusive>(keys.data(), half, flip, pivot, out.data(),
                                             {guard, guard + lows.size() + highs_0});
  for (std::uint64_t i = 0; i < guard; ++i) {
    CHECK(out[i] == 0xDEADBEEF);
    CHECK(out[guard + n + i] == 0xDEADBEEF);
  }
  std::vector<std::uint32_t> got_lows(out.begin() + guard, out.begin() + guard + lows.size());
  std::vector<std::uint32_t> got_highs(out.begin() + guard + lows.size(), out.begin() + guard + n);
  std::sort(lows.begin(), lows.end());
  std::sort(highs.begin(), highs.end());
  std::sort(got_lows.begin(), got_lows.end());
  std::sort(got_highs.begin(), got_highs.end());
  CHECK(got_lows == lows);
  CHECK(got_highs == highs);
}

}  // namespace

TEST_CASE("in_place_quicksort: a parallel top level's pivot, count and partition copy") {
  if (skip()) return;
  for (const input kind : all_inputs)
    for (const std::uint32_t n : {0u, 1u, 15u, 16u, 17u, 63u, 64u, 65u, 1000u, 4099u})
      for (const std::uint32_t flip : flips) {
        const std::uint64_t seed = 28200 + n * 13 + static_cast<unsigned>(kind);
        CAPTURE(static_cast<int>(kind), n, flip, seed);
        const auto keys = make_input(kind, n, seed);
        if (n == 0) continue;
        // The sampled pivot is a key of the array (XORed), its median's neighbourhood.
        const std::uint32_t pivot = in_place_detail::sampled_pivot(keys.data(), n, flip);
        CHECK(std::count(keys.begin(), keys.end(), pivot ^ flip) > 0);
        for (const std::uint32_t p : {pivot, 0u, 0xFFFFFFFFu, keys[n / 3] ^ flip}) {
          check_top_level<false>(keys, flip, p);
          check_top_level<true>(keys, flip, p);
        }
      }
  // Of uniform keys, the sample's median leaves within 10% of half below it (a standard
  // deviation is about 3%; seed 28300).
  const auto keys = make_input(input::uniform, 1u << 20, 28300);
  const std::uint32_t pivot = in_place_detail::sampled_pivot(keys.data(), keys.size(), 0);
  const auto below = std::count_if(keys.begin(), keys.end(), [&](std::uint32_t k) { return k < pivot; });
  CHECK(std::abs(static_cast<double>(below) / static_cast<double>(keys.size()) - 0.5) < 0.1);
}

#endif

namespace {

// radix_sorter::sort_array on keys that fill several leaves (50000 and 65537 keys), with the
// in-place choice forced.
template <class T>
void check_sorter(bool in_place, bool descending) {
  radix_sort_policy policy;
  policy.in_place_partitions = in_place;
  policy.cache_bytes = 16u << 10;  // 4096 keys: a 50000-key array is partitioned or split
  policy.in_place_leaf_keys = 1024;
  radix_sorter<T> sorter(policy, false);
  for (const input kind : {input::uniform, input::few_unique, input::descending}) {
    const auto bits = make_input(kind, kind == input::uniform ? 50000 : 65537, 27900 + descending);
    const std::uint64_t n = bits.size();
    REQUIRE(sorter.sorts_in_place(n) == in_place);
    sorter.reserve_array(n);
    std::vector<T> in(n), out(n), spare(n);
    for (std::uint64_t i = 0; i < n; ++i) in[i] = static_cast<T>(bits[i]);
    const radix_keys<T> keys(descending);
    sorter.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, keys);
    std::vector<T> want = in;
    std::sort(want.begin(), want.end(), [&](T a, T b) { return keys(a) < keys(b); });
    CAPTURE(in_place, descending, static_cast<int>(kind));
    CHECK(out == want);
  }
}

}  // namespace

TEST_CASE("in_place_quicksort: radix_sorter sorts whole arrays either way, u32 and i32") {
  if (skip()) return;
  for (const bool in_place : {false, true})
    for (const bool descending : {false, true}) {
      check_sorter<std::uint32_t>(in_place, descending);
      check_sorter<std::int32_t>(in_place, descending);
    }
  // Never for what the vector sorts cannot take (f32's -0.0 and +0.0 share a key).
  radix_sort_policy policy;
  policy.in_place_partitions = true;
  CHECK_FALSE(radix_sorter<float>(policy, false).sorts_in_place(std::uint64_t(1) << 20));
  CHECK_FALSE(radix_sorter<std::uint64_t>(policy, false).sorts_in_place(std::uint64_t(1) << 20));
  // Nor where the policy keeps the radix passes everywhere.
  policy.vector_keys = false;
  CHECK_FALSE(radix_sorter<std::uint32_t>(policy, false).sorts_in_place(std::uint64_t(1) << 20));
}
