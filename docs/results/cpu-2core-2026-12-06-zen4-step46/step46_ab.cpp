// Step 46's probe on a CPU whose plugins partition whole arrays in place (Zen 4): the split with
// no count forced (the policy's in_place_partitions false on both sides), its buckets read from
// their chunks by the first partition ("runs", the policy's buckets_read_from_chunks true)
// against their staging copy ("copy", false), in cpu_seq's sort and cpu_tbb's on 2 threads,
// alternated in one process (each round another plan goes first, the first round not counted);
// 2^LOG2 uniform u32 keys (seed 46), each sort checked against std::sort.
// Build (from the repository root, after build/ is built):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_seq
//     -Iplugins/cpu_tbb docs/results/cpu-2core-2026-12-06-zen4-step46/step46_ab.cpp
//     build/core/libparprim_core.a -ltbb -o probe/step46_ab
// Run: probe/step46_ab LOG2 ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parallel_radix_sort.hpp"
#include "radix_sort_plan.hpp"

using namespace parprim;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s LOG2 ROUNDS\n", argv[0]);
    return 2;
  }
  const std::uint64_t n = std::uint64_t(1) << std::atoi(argv[1]);
  const int rounds = std::atoi(argv[2]);
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937_64 rng(46);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<std::uint32_t>(rng());
  std::vector<std::uint32_t> sorted(in.data(), in.data() + n);
  std::sort(sorted.begin(), sorted.end());
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = PARPRIM_U32;
  p.sort_payload = PARPRIM_SORT_KEYS;
  host::radix_sort_policy runs, copy;
  runs.in_place_partitions = copy.in_place_partitions = false;
  runs.parallel_in_place_max_keys = copy.parallel_in_place_max_keys = 0;
  runs.parallel_split_without_count_max_threads = copy.parallel_split_without_count_max_threads = 2;
  runs.buckets_read_from_chunks = true;
  copy.buckets_read_from_chunks = false;
  cpu_seq::radix_sort_plan<std::uint32_t> seq_runs(p, n, runs), seq_copy(p, n, copy);
  cpu_tbb::parallel_radix_sort_plan<std::uint32_t> tbb_runs(p, n, 2, runs), tbb_copy(p, n, 2, copy);
  parprim_io io{};
  io.struct_size = sizeof io;
  io.in = in.data();
  io.out = out.data();
  constexpr int plans = 4;
  plan* plan_of[plans] = {&seq_runs, &seq_copy, &tbb_runs, &tbb_copy};
  const char* names[plans] = {"cpu_seq runs", "cpu_seq copy", "tbb2 runs", "tbb2 copy"};
  std::vector<double> t[plans], seq_ratio, tbb_ratio;
  for (int r = 0; r <= rounds; ++r) {
    double round[plans];
    for (int k = 0; k < plans; ++k) {
      const int w = (k + r) % plans;
      std::memset(out.data(), 0, n * sizeof(std::uint32_t));
      const auto t0 = std::chrono::steady_clock::now();
      plan_of[w]->run(io);
      round[w] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count() / double(n);
      if (!std::equal(sorted.begin(), sorted.end(), out.data())) {
        std::printf("%s WRONG\n", names[w]);
        return 1;
      }
    }
    if (r == 0) continue;
    for (int k = 0; k < plans; ++k) t[k].push_back(round[k]);
    seq_ratio.push_back(round[0] / round[1]);
    tbb_ratio.push_back(round[2] / round[3]);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  auto low = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  auto high = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
  std::printf("u32 keys 2^%d, medians of %d rounds (ns a key):", std::atoi(argv[1]), rounds);
  for (int k = 0; k < plans; ++k) std::printf(" %s %.3f", names[k], median(t[k]));
  std::printf("\n  by each round's ratio, runs/copy: cpu_seq %.3f (%.3f-%.3f), cpu_tbb 2 threads "
              "%.3f (%.3f-%.3f)\n",
              median(seq_ratio), low(seq_ratio), high(seq_ratio), median(tbb_ratio),
              low(tbb_ratio), high(tbb_ratio));
  return 0;
}
