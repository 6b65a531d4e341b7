// Experiment (issue 35, step 11 of docs/algorithms/cpu_sort.md): the split's width against the
// cache sort's capacity, u32 uniform keys; three radix_sort_policy values alternated.
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include split_width.cpp
//   ./a.out LOG2_N ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(1) << (argc > 1 ? atoi(argv[1]) : 26);
  const int rounds = argc > 2 ? atoi(argv[2]) : 4;
  std::vector<std::uint32_t> in(n);
  std::mt19937_64 rng(35);
  for (auto& x : in) x = static_cast<std::uint32_t>(rng());
  aligned_array<std::uint32_t> out(n), spare(n);
  struct variant { const char* name; radix_sort_policy p; };
  variant vs[3];
  vs[0].name = "A default (256 KiB, split 11)";
  vs[1].name = "B 1 MiB, fraction 1 (split 9)"; vs[1].p.cache_bytes = 1u << 20; vs[1].p.min_bucket_fraction = 1;
  vs[2].name = "C 512 KiB, fraction 1 (split 10)"; vs[2].p.cache_bytes = 512u << 10; vs[2].p.min_bucket_fraction = 1;
  std::vector<double> t[3];
  std::vector<std::uint32_t> ref(in); std::sort(ref.begin(), ref.end());
  for (int r = 0; r < rounds; ++r)
    for (int v = 0; v < 3; ++v) {
      radix_sorter<std::uint32_t> s(vs[v].p, false);
      const elements<const std::uint32_t> src{in.data(), nullptr};
      const elements<std::uint32_t> o{out.data(), nullptr}, sp{spare.data(), nullptr};
      s.sort(src, o, sp, n, 32, radix_keys<std::uint32_t>(false));  // warm the sorter's buffers
      auto t0 = std::chrono::steady_clock::now();
      s.sort(src, o, sp, n, 32, radix_keys<std::uint32_t>(false));
      auto t1 = std::chrono::steady_clock::now();
      if (!std::equal(ref.begin(), ref.end(), out.data())) { std::printf("WRONG %s\n", vs[v].name); return 1; }
      t[v].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
  for (int v = 0; v < 3; ++v) {
    std::printf("%-34s", vs[v].name);
    for (double x : t[v]) std::printf(" %7.1f", x);
    std::sort(t[v].begin(), t[v].end());
    std::printf("  | median %.1f ms, %.2f ns a key\n", t[v][t[v].size() / 2], t[v][t[v].size() / 2] * 1e6 / n);
  }
}
