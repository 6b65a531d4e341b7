// The AVX-512 in-cache quicksort (plugins/host_common/include/parprim/host/vector_quicksort.hpp),
// called directly: sizes at the network's edges (16 lanes a vector, 256 keys in 16 vectors) and
// past them, inputs that test its pivots (equal keys, few values, sorted, organ pipes), every
// XOR a plugin passes (none, a signed key's sign bit, a descending sort's complement), and its
// depth limit forced, each against std::sort by the same keys. Skipped where the CPU has no
// AVX-512; the cache sort's own tests (test_hybrid_radix_sort.cpp) then take the radix passes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/vector_quicksort.hpp"
#include "quicksort_inputs.hpp"

using namespace parprim::host;
using namespace parprim::test::quicksort_inputs;

namespace {

void check(const std::vector<std::uint32_t>& keys, std::uint32_t flip) {
  const auto n = static_cast<std::uint32_t>(keys.size());
  aligned_array<std::uint32_t> b0(n + 1), b1(n + 1);
  std::uint32_t* const buffers[2] = {b0.data(), b1.data()};
  std::vector<std::uint32_t> out(n + 1, 0xDEADBEEF);  // one past: never written
  vector_quicksort(keys.data(), n, flip, buffers,
                   [&](const std::uint32_t* sorted) { std::copy_n(sorted, n, out.begin()); });
  CHECK(out[n] == 0xDEADBEEF);
  out.resize(n);
  CHECK(out == expected(keys, flip));
}

}  // namespace

TEST_CASE("vector_quicksort: every size at the network's edges and past them, every input") {
  if (!has_avx512f()) {
    WARN("no AVX-512 on this CPU: vector_quicksort is not used here");
    return;
  }
  const std::uint32_t sizes[] = {0,   1,   2,   15,  16,   17,   31,   32,    33,
                                 63,  64,  65,  127, 128,  129,  255,  256,   257,
                                 300, 511, 512, 513, 1000, 4097, 8192, 32768, 65536};
  for (const input kind : all_inputs)
    for (const std::uint32_t n : sizes)
      for (const std::uint32_t flip : flips) {
        const std::uint64_t seed = 18000 + n * 31 + static_cast<unsigned>(kind);
        CAPTURE(static_cast<int>(kind), n, flip, seed);
        check(make_input(kind, n, seed), flip);
      }
}

TEST_CASE("vector_quicksort: the depth limit's fallback sorts what is left") {
  if (!has_avx512f()) {
    WARN("no AVX-512 on this CPU: vector_quicksort is not used here");
    return;
  }
  for (const unsigned depth_limit : {0u, 1u, 2u})
    for (const std::uint32_t flip : flips)
      for (const input kind : {input::uniform, input::few_unique, input::organ_pipe}) {
        const std::uint32_t n = 3001;
        const auto keys = make_input(kind, n, 18500 + depth_limit);
        aligned_array<std::uint32_t> b0(n), b1(n);
        vector_sort_detail::sort_with_depth_limit(keys.data(), n, flip, {b0.data(), b1.data()},
                                                  depth_limit);
        CAPTURE(depth_limit, flip, static_cast<int>(kind));
        CHECK(std::vector<std::uint32_t>(b0.data(), b0.data() + n) == expected(keys, flip));
      }
}
