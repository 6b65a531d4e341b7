// Step 38's probe, before the change (its code at 502d903): cpu_seq's radix sort against
// cpu_tbb's on 1 and 2 threads and cpu_seq with its split counted (the policy's
// split_without_count false), alternated in one process; 2^LOG2 u32 uniform keys (seed 35),
// each sort checked.
// Build (from the repository root, after build/ is built):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_seq
//     -Iplugins/cpu_tbb docs/results/cpu-2core-2026-12-03-zen3-tbb-chunks/seq_vs_tbb.cpp
//     build/core/libparprim_core.a -ltbb -o probe/seq_vs_tbb
// Run: probe/seq_vs_tbb LOG2 ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "radix_sort_plan.hpp"
#include "parallel_radix_sort.hpp"
using namespace parprim;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  problem p; p.operation = PARPRIM_OP_SORT; p.dtype = PARPRIM_U32;
  cpu_seq::radix_sort_plan<std::uint32_t> seq(p, n, {});
  cpu_tbb::parallel_radix_sort_plan<std::uint32_t> tbb1(p, n, 1), tbb2(p, n, 2);
  host::radix_sort_policy counted; counted.split_without_count = false;
  cpu_seq::radix_sort_plan<std::uint32_t> seqc(p, n, counted);
  parprim_io io{}; io.struct_size = sizeof io; io.in = in.data(); io.out = out.data();
  plan* plans[4] = {&seq, &tbb1, &tbb2, &seqc};
  const char* names[4] = {"cpu_seq", "cpu_tbb 1", "cpu_tbb 2", "cpu_seq counted"};
  std::vector<double> t[4];
  for (int r = 0; r <= rounds; ++r)
    for (int k = 0; k < 4; ++k) {
      const int w = (k + r) % 4;
      std::fill_n(out.data(), n, 0u);
      const auto t0 = std::chrono::steady_clock::now();
      plans[w]->run(io);
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
      if (!std::equal(expected.begin(), expected.end(), out.data())) { std::printf("%s WRONG\n", names[w]); return 1; }
      if (r) t[w].push_back(ns);
    }
  std::printf("2^%u, medians of %d (ns a key):", log2, rounds);
  double m[4];
  for (int k = 0; k < 4; ++k) { auto v = t[k]; std::sort(v.begin(), v.end()); m[k] = v[v.size() / 2]; std::printf(" %s %.3f", names[k], m[k]); }
  std::printf("; tbb1/seq %.3f, tbb2/seq %.3f, tbb1/tbb2 %.3f, counted/seq %.3f\n", m[1] / m[0], m[2] / m[0], m[1] / m[2], m[3] / m[0]);
}
