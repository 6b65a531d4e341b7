// A parallel sort's top level split four ways (plugins/host_common/include/parprim/host/
// four_way_split.hpp), called directly on any AVX-512 CPU: the sampled pivots, each block's
// counts and its copy by class, against a scalar classification by the same pivots, at sizes
// at a vector's and a group's edges, every input kind that tests the pivots, every XOR a plugin
// passes, and pivots that leave classes empty. Two blocks are written the second first between
// guards: between one block's places of a class lie the other's, which its stores must leave
// alone. Skipped where the CPU has no AVX-512.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "parprim/host/four_way_split.hpp"
#include "quicksort_inputs.hpp"

using namespace parprim::host;
using namespace parprim::test::quicksort_inputs;

#if PARPRIM_HAVE_AVX512

namespace {

bool skip() {
  if (has_avx512f()) return false;
  WARN("no AVX-512 on this CPU: four_way_split is not used here");
  return true;
}

unsigned class_of(std::uint32_t key, const four_way_split::pivots& pivots) {
  unsigned c = 0;
  while (c < pivots.size() && key >= pivots[c]) ++c;
  return c;
}

// count_classes and copy_classes of the keys' two halves as two blocks, against a scalar
// classification: each class's keys, as multisets, in its places. The second block is written
// first, so that a store of the first past its places (a whole store too near a class's end)
// overwrites keys of the second and fails the check.
void check_split(const std::vector<std::uint32_t>& keys, std::uint32_t flip,
                 const four_way_split::pivots& pivots) {
  using four_way_split::classes;
  const std::uint64_t n = keys.size(), half = n / 2;
  std::vector<std::uint32_t> want[classes];
  four_way_split::per_class want_0{};  // the first block's keys of each class
  for (std::uint64_t i = 0; i < n; ++i) {
    const unsigned c = class_of(keys[i] ^ flip, pivots);
    want[c].push_back(keys[i] ^ flip);
    if (i < half) ++want_0[c];
  }
  const auto counts_0 = four_way_split::count_classes(keys.data(), half, flip, pivots);
  const auto counts_1 = four_way_split::count_classes(keys.data() + half, n - half, flip, pivots);
  CHECK(counts_0 == want_0);
  constexpr std::uint64_t guard = 40;
  four_way_split::per_class at_0{}, at_1{};
  std::uint64_t starts[classes + 1], start = guard;
  for (unsigned c = 0; c < classes; ++c) {
    CHECK(counts_0[c] + counts_1[c] == want[c].size());
    starts[c] = at_0[c] = start;
    at_1[c] = start + counts_0[c];
    start += want[c].size();
  }
  starts[classes] = start;
  std::vector<std::uint32_t> out(n + 2 * guard, 0xDEADBEEF);
  four_way_split::copy_classes(keys.data() + half, n - half, flip, pivots, out.data(), at_1,
                               counts_1);
  four_way_split::copy_classes(keys.data(), half, flip, pivots, out.data(), at_0, counts_0);
  for (std::uint64_t i = 0; i < guard; ++i) {
    CHECK(out[i] == 0xDEADBEEF);
    CHECK(out[guard + n + i] == 0xDEADBEEF);
  }
  for (unsigned c = 0; c < classes; ++c) {
    std::vector<std::uint32_t> got(out.begin() + starts[c], out.begin() + starts[c + 1]);
    std::sort(got.begin(), got.end());
    std::sort(want[c].begin(), want[c].end());
    CAPTURE(c);
    CHECK(got == want[c]);
  }
}

}  // namespace

TEST_CASE("four_way_split: pivots, counts and copies of two blocks, every input") {
  if (skip()) return;
  for (const input kind : all_inputs)
    for (const std::uint32_t n : {1u, 2u, 31u, 32u, 33u, 127u, 128u, 129u, 130u, 1000u, 4099u})
      for (const std::uint32_t flip : flips) {
        const std::uint64_t seed = 33000 + n * 13 + static_cast<unsigned>(kind);
        CAPTURE(static_cast<int>(kind), n, flip, seed);
        const auto keys = make_input(kind, n, seed);
        // The sampled pivots are keys of the array (XORed), ascending.
        const auto pivots = four_way_split::sampled_pivots(keys.data(), n, flip);
        CHECK(std::is_sorted(pivots.begin(), pivots.end()));
        for (const std::uint32_t p : pivots)
          CHECK(std::count(keys.begin(), keys.end(), p ^ flip) > 0);
        check_split(keys, flip, pivots);
        // Classes left empty: every pivot the smallest key, the largest, or one in the middle.
        const std::uint32_t middle = keys[n / 3] ^ flip;
        for (const four_way_split::pivots& p :
             {four_way_split::pivots{0, 0, 0}, four_way_split::pivots{~0u, ~0u, ~0u},
              four_way_split::pivots{middle, middle, middle},
              four_way_split::pivots{0, middle, ~0u}})
          check_split(keys, flip, p);
      }
  // Of uniform keys, each quartile leaves within 6% of the keys of where it should (a standard
  // deviation is about 2.7% at the median; seed 33300).
  const auto keys = make_input(input::uniform, 1u << 20, 33300);
  const auto pivots = four_way_split::sampled_pivots(keys.data(), keys.size(), 0);
  for (unsigned c = 0; c < pivots.size(); ++c) {
    const auto below =
        std::count_if(keys.begin(), keys.end(), [&](std::uint32_t k) { return k < pivots[c]; });
    CAPTURE(c);
    CHECK(std::abs(static_cast<double>(below) / static_cast<double>(keys.size()) - (c + 1) / 4.0) <
          0.06);
  }
}

#endif
