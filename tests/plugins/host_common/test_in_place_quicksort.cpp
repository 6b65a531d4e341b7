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

TEST_CASE("in_place_quicksort: the partitions in place are taken where they were measured to pay") {
  if (!has_avx512f())
    CHECK_FALSE(in_place_partitions_pay());  // no AVX-512 (Zen 3): the split
  else if (amd_family() >= 0x19)
    CHECK(in_place_partitions_pay());  // Zen 4 (cpu_sort.md step 43) and Zen 5 (step 27)
  else
    CHECK_FALSE(in_place_partitions_pay());  // Intel's AVX-512 cores: the split (step 27)
  CHECK(radix_sort_policy{}.in_place_partitions == in_place_partitions_pay());
}
