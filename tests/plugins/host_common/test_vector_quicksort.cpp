// The AVX-512 in-cache quicksort (plugins/host_common/include/parprim/host/vector_quicksort.hpp),
// called directly: sizes at the network's edges (16 lanes a vector, 256 keys in 16 vectors) and
// past them, inputs that test its pivots (equal keys, few values, sorted, organ pipes), every
// XOR a plugin passes (none, a signed key's sign bit, a descending sort's complement), its depth
// limit forced, and keys read from several runs (a bucket in its chunks, step 46), each against
// std::sort by the same keys. Skipped where the CPU has no
// AVX-512; the cache sort's own tests (test_hybrid_radix_sort.cpp) then take the radix passes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
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

// The same keys read from runs: cut where `cuts` (ascending, below n) say, each run copied to a
// place of its own, apart from the others, as a bucket's chunks lie.
void check_runs(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& cuts,
                std::uint32_t flip) {
  const auto n = static_cast<std::uint32_t>(keys.size());
  std::vector<std::vector<std::uint32_t>> pieces;
  std::vector<key_run> runs;
  std::uint32_t from = 0;
  for (std::size_t c = 0; c <= cuts.size(); ++c) {
    const std::uint32_t to = c < cuts.size() ? cuts[c] : n;
    pieces.emplace_back(keys.begin() + from, keys.begin() + to);
    from = to;
  }
  for (const auto& piece : pieces)
    runs.push_back({piece.data(), static_cast<std::uint32_t>(piece.size())});
  aligned_array<std::uint32_t> b0(n + 1), b1(n + 1);
  std::uint32_t* const buffers[2] = {b0.data(), b1.data()};
  std::vector<std::uint32_t> out(n + 1, 0xDEADBEEF);
  vector_quicksort(std::span<const key_run>(runs), n, flip, buffers,
                   [&](const std::uint32_t* sorted) { std::copy_n(sorted, n, out.begin()); });
  CHECK(out[n] == 0xDEADBEEF);
  out.resize(n);
  CHECK(out == expected(keys, flip));
}

}  // namespace

TEST_CASE("vector_quicksort: keys read from several runs, every input") {
  if (!has_avx512f()) {
    WARN("no AVX-512 on this CPU: vector_quicksort is not used here");
    return;
  }
  // Runs of one line (16 keys) and of 2048 (a 2^24 sort's chunks), runs a vector and a key
  // long, shorter than a vector, and random cuts; sizes at and past the network's 256 keys.
  std::mt19937 rng(20261206);
  for (const input kind : all_inputs)
    for (const std::uint32_t n : {2u, 17u, 255u, 256u, 257u, 1000u, 4097u, 8192u, 8195u})
      for (const std::uint32_t flip : flips) {
        const auto keys = make_input(kind, n, 46000 + n * 31 + static_cast<unsigned>(kind));
        std::vector<std::vector<std::uint32_t>> cut_sets(4);
        for (std::uint32_t at = 16; at < n; at += 16) cut_sets[0].push_back(at);
        for (std::uint32_t at = 2048; at < n; at += 2048) cut_sets[1].push_back(at);
        for (std::uint32_t at = 1; at < n; at += (at % 3 == 0 ? 1 : 7)) cut_sets[2].push_back(at);
        for (std::uint32_t at = 1 + rng() % 600; at < n; at += 1 + rng() % 600)
          cut_sets[3].push_back(at);
        for (std::size_t c = 0; c < cut_sets.size(); ++c) {
          CAPTURE(static_cast<int>(kind), n, flip, c);
          check_runs(keys, cut_sets[c], flip);
        }
      }
}

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
