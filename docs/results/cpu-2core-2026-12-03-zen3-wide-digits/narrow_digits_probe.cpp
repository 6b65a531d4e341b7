// Zen 3 probe (issue 35, before cpu_sort.md step 39): the cache sort of a bucket already in cache (as the
// split's staging copy leaves it), its 21 low bits in two wide digits (max_bits 11: the default)
// or in narrower ones (max_bits 7-10), alternated every round within one process, on one thread.
// Each round sorts 64 different buckets of n keys (u32, top 11 bits equal, seed 39) out of a
// staging array into a destination in memory, as sort_bucket_from_chunks does; every result
// checked against std::sort.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//   docs/results/cpu-2core-2026-12-03-zen3-wide-digits/narrow_digits_probe.cpp
//   -o probe/narrow_digits_probe
// Run: probe/narrow_digits_probe N ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/cache_radix_sort.hpp"

using namespace parprim::host;
using T = std::uint32_t;

int main(int argc, char** argv) {
  const std::uint32_t n = argc > 1 ? std::atoi(argv[1]) : 8192;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const int buckets = 64;
  std::mt19937 rng(39);
  std::vector<T> pool(std::size_t(n) * buckets);
  for (auto& k : pool) k = (0x5A5u << 21) | (rng() & ((1u << 21) - 1));
  aligned_array<T> staging(n), dst(std::size_t(n) * buckets);
  cache_radix_sort<T> sort(n, false, false, true);
  const unsigned widths[] = {11, 10, 9, 8, 7};
  const int variants = 5;
  std::vector<std::vector<double>> ns(variants);
  radix_keys<T> keys(false);
  for (int r = -1; r < rounds; ++r) {  // round -1 warms up: the destination's first touch
    for (int i = 0; i < variants; ++i) {
      const int v = (r + 2) % 2 ? variants - 1 - i : i;
      double total = 0;
      for (int b = 0; b < buckets; ++b) {
        std::memcpy(staging.data(), pool.data() + std::size_t(b) * n, n * sizeof(T));
        const auto t0 = std::chrono::steady_clock::now();
          sort({staging.data(), nullptr}, {dst.data() + std::size_t(b) * n, nullptr}, n, 21, keys,
               widths[v], key_source::cache);
        total += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count();
      }
      if (r >= 0) ns[v].push_back(total / (double(n) * buckets));
      for (int b = 0; b < buckets; b += 17) {
        std::vector<T> e(pool.begin() + std::size_t(b) * n, pool.begin() + std::size_t(b + 1) * n);
        std::sort(e.begin(), e.end());
        if (std::memcmp(e.data(), dst.data() + std::size_t(b) * n, n * sizeof(T)) != 0) {
          std::printf("WRONG: max_bits %u bucket %d\n", widths[v], b);
          return 1;
        }
      }
    }
  }
  std::printf("n %u, %d rounds of %d buckets; ns a key (median, min-max) and median ratio to max_bits 11\n",
              n, rounds, buckets);
  for (int v = 0; v < variants; ++v) {
    std::vector<double> ratio;
    for (int r = 0; r < rounds; ++r) ratio.push_back(ns[v][r] / ns[0][r]);
    auto s = ns[v];
    std::sort(s.begin(), s.end());
    std::sort(ratio.begin(), ratio.end());
    std::printf("max_bits %2u: %.2f (%.2f-%.2f) ratio %.3f (%.3f-%.3f)\n", widths[v], s[s.size() / 2],
                s.front(), s.back(), ratio[ratio.size() / 2], ratio.front(), ratio.back());
  }
}
