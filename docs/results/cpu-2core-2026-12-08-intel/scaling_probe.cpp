// How cpu_tbb's two threads scale on this VM (cpu_sort.md, "cpu_tbb's two threads on Intel"):
// cpu_seq's radix sort, cpu_tbb's whole-array paths on 1 and 2 threads (partitions in place, the
// Intel rule at 2^24; the split with no count, the policy's parallel_in_place_max_keys 0),
// alternated in one process (each round another plan first, the first round not counted),
// 2^LOG2 uniform u32 keys (seed 39), each result checked against std::sort.
// Build (from the repository root, after build/ is built):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_seq
//     -Iplugins/cpu_tbb -Idocs/results/probe_support
//     docs/results/cpu-2core-2026-12-08-intel/scaling_probe.cpp
//     build/core/libparprim_core.a -ltbb -o build/probe/scaling
// Run: build/probe/scaling LOG2 ROUNDS
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "alternated_plans.hpp"
#include "parallel_radix_sort.hpp"
#include "radix_sort_plan.hpp"

using namespace parprim;

int run(unsigned log2, int rounds) {
  using T = std::uint32_t;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n);
  probe::fill_uniform(in.data(), n, 39);
  std::vector<T> sorted(in.data(), in.data() + n);
  std::sort(sorted.begin(), sorted.end());
  const problem p = probe::sort_problem(PARPRIM_U32, PARPRIM_SORT_KEYS);
  host::radix_sort_policy rule, split;
  split.parallel_in_place_max_keys = 0;
  cpu_seq::radix_sort_plan<T> seq(p, n, rule);
  cpu_tbb::parallel_radix_sort_plan<T> inplace1(p, n, 1, rule), inplace2(p, n, 2, rule),
      split1(p, n, 1, split), split2(p, n, 2, split);
  std::printf("in place: tbb1 %d tbb2 %d; split: tbb1 %d tbb2 %d\n", inplace1.partitions_in_place(),
              inplace2.partitions_in_place(), split1.partitions_in_place(), split2.partitions_in_place());
  parprim_io io{};
  io.struct_size = sizeof io;
  io.in = in.data();
  io.out = out.data();
  const std::vector<probe::named_plan> plans = {
      {"cpu_seq", &seq}, {"inplace1", &inplace1}, {"inplace2", &inplace2},
      {"split1", &split1}, {"split2", &split2}};
  probe::round_times t;
  const auto correct = [&] { return std::equal(sorted.begin(), sorted.end(), out.data()); };
  if (!probe::alternate(plans, io, n * sizeof(T), n, rounds, correct, t)) return 1;
  std::printf("u32 keys 2^%u, medians of %d rounds (ns a key):", log2, rounds);
  for (std::size_t k = 0; k < plans.size(); ++k)
    std::printf(" %s %.3f", plans[k].name, probe::median(t[k]));
  std::printf("\n  2 threads / 1 thread: in place %.3f, split %.3f; split2 / inplace2 %.3f\n",
              probe::median_ratio(t, 2, 1), probe::median_ratio(t, 4, 3),
              probe::median_ratio(t, 4, 2));
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s LOG2 ROUNDS\n", argv[0]);
    return 2;
  }
  return run(std::atoi(argv[1]), std::atoi(argv[2]));
}
