// cpu_tbb's whole arrays partitioned in place by every thread (plugins/cpu_tbb/
// parallel_in_place_sort.hpp), called directly on any AVX-512 CPU (the plugin takes it where
// cpu_seq would partition in place, in_place_partitions_pay, and on Intel up to 2^25 keys): sizes
// at its edges (a leaf, the top level's one block of 16384 keys and the next, a range that spawns
// tasks) and past them, every input kind that tests the pivots (the top level's pivots all the
// smallest or the largest key, all keys equal), every XOR the plugin passes, on 1, 2 and 3 threads,
// each against std::sort by the same keys with the output's end guarded. Then the radix plan with
// the policy's choice forced either way, u32 and i32, both orders, and its size limit for the
// threads' path. Skipped where the CPU has no AVX-512.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "parallel_in_place_sort.hpp"
#include "parallel_radix_sort.hpp"
#include "quicksort_inputs.hpp"

using namespace parprim;
using namespace parprim::test::quicksort_inputs;

namespace {

bool skip() {
  if (host::has_avx512f()) return false;
  WARN("no AVX-512 on this CPU: parallel_in_place_sort is not used here");
  return true;
}

}  // namespace

#if PARPRIM_HAVE_AVX512

TEST_CASE("parallel_in_place_sort: sizes at its edges, every input, 1-3 threads") {
  if (skip()) return;
  constexpr std::uint32_t leaf_keys = 512;
  const std::uint32_t sizes[] = {0, 1, 511, 512, 513, 16383, 16384, 16385, 100003, 262147};
  for (const int threads : {1, 2, 3}) {
    tbb::task_arena arena(threads);
    cpu_tbb::parallel_in_place_sort sort(arena, leaf_keys);
    for (const input kind : all_inputs)
      for (const std::uint32_t n : sizes)
        for (const std::uint32_t flip : flips) {
          const std::uint64_t seed = 28000 + n * 31 + static_cast<unsigned>(kind) * 7 + threads;
          CAPTURE(threads, static_cast<int>(kind), n, flip, seed);
          const auto keys = make_input(kind, n, seed);
          std::vector<std::uint32_t> out(n + 1, 0xDEADBEEF);  // one past: never written
          arena.execute([&] { sort(keys.data(), out.data(), n, flip); });
          CHECK(out[n] == 0xDEADBEEF);
          out.resize(n);
          CHECK(out == expected(keys, flip));
        }
  }
}

TEST_CASE("parallel_in_place_sort: the top level's pivots one key, with keys above or below it") {
  if (skip()) return;
  // Nine in ten keys equal to the smallest, or to the largest: the sampled pivots are all that
  // key, so one class of the top level holds nearly every key (the smallest: the last class; the
  // largest: the last class holds its copies, the first the rest), sorted on below.
  tbb::task_arena arena(2);
  cpu_tbb::parallel_in_place_sort sort(arena, 1024);
  for (const std::uint32_t common : {0u, ~0u})
    for (const std::uint32_t flip : flips) {
      const std::uint64_t n = 300007;
      auto keys = make_input(input::uniform, n, 28500);
      for (std::uint64_t i = 0; i < n; ++i)
        if (i % 10 != 3) keys[i] = common ^ flip;  // key ^ flip == common
      std::vector<std::uint32_t> out(n + 1, 0xDEADBEEF);
      arena.execute([&] { sort(keys.data(), out.data(), n, flip); });
      CAPTURE(common, flip);
      CHECK(out[n] == 0xDEADBEEF);
      out.resize(n);
      CHECK(out == expected(keys, flip));
    }
}

#endif

namespace {

// The plugin's radix plan with the policy's in-place choice forced, above its serial limit
// (4 cache sorts: 16384 keys here): the threads' size limit too, which is 0 for the split.
template <class T>
void check_plan(bool in_place, bool descending) {
  host::radix_sort_policy policy;
  policy.in_place_partitions = in_place;
  policy.parallel_in_place_max_keys = 0;
  policy.cache_bytes = 16u << 10;
  policy.in_place_leaf_keys = 1024;
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = std::is_signed_v<T> ? PARPRIM_I32 : PARPRIM_U32;
  p.sort_order = descending ? PARPRIM_SORT_DESCENDING : PARPRIM_SORT_ASCENDING;
  for (const input kind : {input::uniform, input::few_unique, input::descending}) {
    const auto bits = make_input(kind, kind == input::uniform ? 70001 : 131072, 28900 + descending);
    const std::uint64_t n = bits.size();
    cpu_tbb::parallel_radix_sort_plan<T> plan(p, n, 2, policy);
    REQUIRE(plan.partitions_in_place() == in_place);
    std::vector<T> in(n), out(n);
    for (std::uint64_t i = 0; i < n; ++i) in[i] = static_cast<T>(bits[i]);
    parprim_io io{sizeof(parprim_io), in.data(), out.data(), nullptr, nullptr, nullptr, nullptr};
    plan.run(io);
    const host::radix_keys<T> keys(descending);
    std::vector<T> want = in;
    std::sort(want.begin(), want.end(), [&](T a, T b) { return keys(a) < keys(b); });
    CAPTURE(in_place, descending, static_cast<int>(kind));
    CHECK(out == want);
  }
}

}  // namespace

TEST_CASE("parallel_in_place_sort: the radix plan sorts whole arrays either way, u32 and i32") {
  if (skip()) return;
  for (const bool in_place : {false, true})
    for (const bool descending : {false, true}) {
      check_plan<std::uint32_t>(in_place, descending);
      check_plan<std::int32_t>(in_place, descending);
    }
}

TEST_CASE("parallel_in_place_sort: the radix plan takes it up to the policy's size for threads") {
  if (skip()) return;
  // Where one thread keeps the split (in_place_partitions false), arrays of at most
  // parallel_in_place_max_keys keys are still partitioned in place by the threads, and sorted.
  host::radix_sort_policy policy;
  policy.in_place_partitions = false;
  policy.cache_bytes = 16u << 10;
  policy.in_place_leaf_keys = 1024;
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = PARPRIM_U32;
  const std::uint64_t n = 70001;
  const auto keys = make_input(input::uniform, n, 28950);
  for (const std::uint64_t limit : {n - 1, n, n + 1}) {
    policy.parallel_in_place_max_keys = limit;
    cpu_tbb::parallel_radix_sort_plan<std::uint32_t> plan(p, n, 2, policy);
    CAPTURE(limit);
    CHECK(plan.partitions_in_place() == (n <= limit));
    std::vector<std::uint32_t> out(n);
    parprim_io io{sizeof(parprim_io), keys.data(), out.data(), nullptr, nullptr, nullptr, nullptr};
    plan.run(io);
    CHECK(out == expected(keys, 0));
  }
  // Pairs keep the split whatever the limit (their order among equal keys must stay stable).
  p.sort_payload = PARPRIM_SORT_PAIRS;
  policy.parallel_in_place_max_keys = n;
  CHECK_FALSE(
      cpu_tbb::parallel_radix_sort_plan<std::uint32_t>(p, n, 2, policy).partitions_in_place());
}
