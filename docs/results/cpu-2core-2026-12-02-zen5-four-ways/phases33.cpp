// Where cpu_tbb's time goes after step 33 on Zen 5 (a probe): the four-way top level on 2
// threads (count, then copy), then the four classes sorted, two a thread at once
// (in_place_quicksort::sort_range), and the same two classes of one thread sorted alone.
// 2^LOG2 uniform u32 keys (seed 35), ROUNDS rounds; ms.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/four_way_split.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n), keep(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  tbb::task_arena arena(2);
  in_place_quicksort s0(8192), s1(8192);
  auto ms = [](auto t0) { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(); };
  for (int r = 0; r < rounds; ++r) {
    double t_count = 0, t_copy = 0, t_both = 0, t_alone = 0;
    std::uint64_t starts[5];
    arena.execute([&] {
      const auto pv = four_way_split::sampled_pivots(in.data(), n, 0);
      const std::uint64_t B = 8, per = n / B;
      std::vector<four_way_split::per_class> c(B);
      auto t0 = std::chrono::steady_clock::now();
      tbb::parallel_for(std::uint64_t{0}, B, [&](std::uint64_t b) { c[b] = four_way_split::count_classes(in.data() + b * per, per, 0, pv); });
      t_count = ms(t0);
      std::uint64_t sum = 0;
      for (unsigned k = 0; k < 4; ++k) { starts[k] = sum; for (std::uint64_t b = 0; b < B; ++b) { const auto x = c[b][k]; c[b][k] = sum; sum += x; } }
      starts[4] = sum;
      t0 = std::chrono::steady_clock::now();
      tbb::parallel_for(std::uint64_t{0}, B, [&](std::uint64_t b) { four_way_split::copy_classes(in.data() + b * per, per, 0, pv, out.data(), c[b]); });
      t_copy = ms(t0);
      std::copy(out.data(), out.data() + n, keep.data());
      t0 = std::chrono::steady_clock::now();
      tbb::parallel_invoke([&] { for (unsigned k : {0u, 1u}) s0.sort_range(out.data() + starts[k], starts[k + 1] - starts[k], 0, 40); },
                           [&] { for (unsigned k : {2u, 3u}) s1.sort_range(out.data() + starts[k], starts[k + 1] - starts[k], 0, 40); });
      t_both = ms(t0);
    });
    if (!std::is_sorted(out.data(), out.data() + n)) return std::puts("WRONG"), 1;
    std::copy(keep.data(), keep.data() + n, out.data());
    auto t0 = std::chrono::steady_clock::now();
    for (unsigned k : {0u, 1u}) s0.sort_range(out.data() + starts[k], starts[k + 1] - starts[k], 0, 40);
    t_alone = ms(t0);
    std::printf("2^%u: count %.2f, copy %.2f ms (top %.2f ns a key of wall); classes on 2 threads %.2f ms; one thread's two classes alone %.2f ms (%.2fx)\n",
                log2, t_count, t_copy, (t_count + t_copy) * 1e6 / n, t_both, t_alone, t_both / t_alone);
  }
}
