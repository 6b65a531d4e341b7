// Zen 3 probe (issue 35, cpu_sort.md step 39): the cache sort of a bucket already in cache (as
// the split's staging copy leaves it), sorted out of the staging array into a destination in
// memory as sort_bucket_from_chunks does, by the repository's cache_radix_sort (its digits
// narrowed past wide_digit_bytes, 64 KiB) against a copy whose wide digits reach WIDE_BYTES,
// alternated every round within one process on one thread (the order reversed every other
// round). Keys u32 with 21 varying low bits (a 2^24-2^26 split's buckets), or u64 with 53
// (-DKEY64); keys only, or pairs with their index as the value (-DPAIRS). Each round sorts 64
// different buckets of N elements (seed 39); every result is checked against std::stable_sort.
// Build: bash docs/results/cpu-2core-2026-12-03-zen3-wide-digits/make_wide.sh, then
//   g++ -std=c++20 -O3 -DNDEBUG -DWIDE_BYTES="(256u << 10)" [-DKEY64] [-DPAIRS] -Icore/include
//   -Iplugins/host_common/include -Iprobe
//   docs/results/cpu-2core-2026-12-03-zen3-wide-digits/cache_wide_probe.cpp
//   -o probe/cache_wide_probe
// Run: probe/cache_wide_probe N ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "parprim/host/cache_radix_sort.hpp"
namespace wide {
#include "wide/cache_radix_sort.hpp"
}

using namespace parprim::host;
#ifdef KEY64
using T = std::uint64_t;
constexpr unsigned low_bits = 53;
#else
using T = std::uint32_t;
constexpr unsigned low_bits = 21;
#endif
#ifdef PAIRS
constexpr bool pairs = true;
#else
constexpr bool pairs = false;
#endif

int main(int argc, char** argv) {
  const std::uint32_t n = argc > 1 ? std::atoi(argv[1]) : 8192;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const int buckets = 64;
  const std::size_t all = std::size_t(n) * buckets;
  std::mt19937_64 rng(39);
  std::vector<T> pool(all), pool_values(all);
  for (auto& k : pool) k = (T(0x5A5) << low_bits) | (T(rng()) & ((T(1) << low_bits) - 1));
  std::iota(pool_values.begin(), pool_values.end(), T(0));
  aligned_array<T> staging(n), staging_values(pairs ? n : 0), dst(all), dst_values(pairs ? all : 0);
  cache_radix_sort<T> repository(n, pairs, false, true);
  wide::parprim::host::cache_radix_sort<T> widened(n, pairs, false, true);
  const char* names[] = {"repository (narrow past 64 KiB)", "wide digits to WIDE_BYTES"};
  std::vector<double> ns[2];
  radix_keys<T> keys(false);
  for (int r = -1; r < rounds; ++r) {  // round -1 warms up: the destination's first touch
    for (int i = 0; i < 2; ++i) {
      const int v = (r + 2) % 2 ? 1 - i : i;
      double total = 0;
      for (int b = 0; b < buckets; ++b) {
        const std::size_t at = std::size_t(b) * n;
        std::memcpy(staging.data(), pool.data() + at, n * sizeof(T));
        if (pairs) std::memcpy(staging_values.data(), pool_values.data() + at, n * sizeof(T));
        const elements<const T> src{staging.data(), pairs ? staging_values.data() : nullptr};
        const elements<T> out{dst.data() + at, pairs ? dst_values.data() + at : nullptr};
        const auto t0 = std::chrono::steady_clock::now();
        if (v == 0)
          repository(src, out, n, low_bits, keys, 11, key_source::cache);
        else
          widened({src.keys, src.values}, {out.keys, out.values}, n, low_bits,
                  wide::parprim::host::radix_keys<T>(false), 11,
                  wide::parprim::host::key_source::cache);
        total += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count();
      }
      if (r >= 0) ns[v].push_back(total / double(all));
      for (int b = 0; b < buckets; b += 17) {
        const std::size_t at = std::size_t(b) * n;
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return pool[at + x] < pool[at + y]; });
        for (std::uint32_t j = 0; j < n; ++j)
          if (dst.data()[at + j] != pool[at + order[j]] ||
              (pairs && dst_values.data()[at + j] != pool_values[at + order[j]])) {
            std::printf("WRONG: %s, bucket %d, place %u\n", names[v], b, j);
            return 1;
          }
      }
    }
  }
  std::printf("%s %s, n %u, %d rounds of %d buckets; ns an element: median (min-max); the wide "
              "variant's time over the repository's, median of the rounds (min-max)\n",
              sizeof(T) == 8 ? "u64" : "u32", pairs ? "pairs" : "keys", n, rounds, buckets);
  std::vector<double> ratio;
  for (int r = 0; r < rounds; ++r) ratio.push_back(ns[1][r] / ns[0][r]);
  std::sort(ratio.begin(), ratio.end());
  for (int v = 0; v < 2; ++v) {
    auto s = ns[v];
    std::sort(s.begin(), s.end());
    std::printf("  %-32s %.2f (%.2f-%.2f)\n", names[v], s[s.size() / 2], s.front(), s.back());
  }
  std::printf("  ratio %.3f (%.3f-%.3f)\n", ratio[ratio.size() / 2], ratio.front(), ratio.back());
}
