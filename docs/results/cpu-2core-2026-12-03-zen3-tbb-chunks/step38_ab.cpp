// Step 38's A/B: cpu_tbb's split with no count (the code) against its counted split (the
// policy's split_without_count false: the code before step 38), on 1 and 2 threads, and
// cpu_seq beside them, alternated in one process (each round another goes first); 2^LOG2 u32
// uniform keys (seed 35), each sort checked. Built with -DANY_CPU (cpu_sort.md step 40), the
// split with no count is taken on up to THREADS threads whatever the CPU's rule says (Intel's
// AVX-512 cores and Zen 5 count it), so the A/B runs there too; THREADS (default 2) is the
// second pair's threads, labelled "2 threads" in the output whatever it is.
// Build (from the repository root, after build/ is built; add -DANY_CPU for step 40):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_seq
//     -Iplugins/cpu_tbb docs/results/cpu-2core-2026-12-03-zen3-tbb-chunks/step38_ab.cpp
//     build/core/libparprim_core.a -ltbb -o probe/step38_ab
// Run: probe/step38_ab LOG2 ROUNDS [THREADS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parallel_radix_sort.hpp"
#include "radix_sort_plan.hpp"
using namespace parprim;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = PARPRIM_U32;
  host::radix_sort_policy counted;
  counted.split_without_count = false;
  host::radix_sort_policy without_count;
#ifdef ANY_CPU
  without_count.parallel_split_without_count_max_threads = static_cast<unsigned>(threads);
#endif
  cpu_seq::radix_sort_plan<std::uint32_t> seq(p, n, {});
  cpu_tbb::parallel_radix_sort_plan<std::uint32_t> new1(p, n, 1, without_count),
      old1(p, n, 1, counted), new2(p, n, threads, without_count),
      old2(p, n, threads, counted);
  if (!new1.splits_without_count(in.data()) || old1.splits_without_count(in.data())) return 2;
  parprim_io io{};
  io.struct_size = sizeof io;
  io.in = in.data();
  io.out = out.data();
  constexpr int plans = 5;
  plan* plan_of[plans] = {&seq, &new1, &old1, &new2, &old2};
  const char* names[plans] = {"cpu_seq", "tbb1", "tbb1 counted", "tbb2", "tbb2 counted"};
  std::vector<double> t[plans], q1, q2;
  for (int r = 0; r <= rounds; ++r) {
    double round[plans];
    for (int k = 0; k < plans; ++k) {
      const int w = (k + r) % plans;
      std::fill_n(out.data(), n, 0u);
      const auto t0 = std::chrono::steady_clock::now();
      plan_of[w]->run(io);
      round[w] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count() / double(n);
      if (!std::equal(expected.begin(), expected.end(), out.data())) {
        std::printf("%s WRONG\n", names[w]);
        return 1;
      }
    }
    if (r == 0) continue;
    for (int k = 0; k < plans; ++k) t[k].push_back(round[k]);
    q1.push_back(round[1] / round[2]);
    q2.push_back(round[3] / round[4]);
    std::printf("  round %d: new/counted 1 thread %.3f, 2 threads %.3f\n", r, q1.back(), q2.back());
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  double m[plans];
  std::printf("2^%u, medians of %d (ns a key):", log2, rounds);
  for (int k = 0; k < plans; ++k) std::printf(" %s %.3f", names[k], m[k] = median(t[k]));
  std::printf("\n  by round's ratio: new/counted 1 thread %.3f (%.3f-%.3f), 2 threads %.3f (%.3f-%.3f);"
              " tbb1/seq %.3f, tbb2/seq %.3f (counted %.3f)\n",
              median(q1), *std::min_element(q1.begin(), q1.end()), *std::max_element(q1.begin(), q1.end()),
              median(q2), *std::min_element(q2.begin(), q2.end()), *std::max_element(q2.begin(), q2.end()),
              m[1] / m[0], m[3] / m[0], m[4] / m[0]);
}
