// Experiment (issue 35): a 13-bit split into buckets of 8192 keys (two in-cache passes in L1) at
// 2^26 against the default 11-bit split into buckets of 32768 keys (three narrow passes in L2).
// Built against headers whose max_digit_bits is 13 (the cache sort capped at 11 bits).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(1) << (argc > 1 ? atoi(argv[1]) : 26);
  const int rounds = argc > 2 ? atoi(argv[2]) : 4;
  const unsigned bits = argc > 3 ? atoi(argv[3]) : 11;
  std::vector<std::uint32_t> in(n);
  std::mt19937_64 rng(35);
  for (auto& x : in) x = static_cast<std::uint32_t>(rng());
  aligned_array<std::uint32_t> out(n), spare(n);
  radix_sort_policy p;
  p.max_bits = bits;
  std::vector<std::uint32_t> ref(in); std::sort(ref.begin(), ref.end());
  radix_sorter<std::uint32_t> s(p, false);
  const elements<const std::uint32_t> src{in.data(), nullptr};
  const elements<std::uint32_t> o{out.data(), nullptr}, sp{spare.data(), nullptr};
  s.sort(src, o, sp, n, 32, radix_keys<std::uint32_t>(false));
  for (int r = 0; r < rounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    s.sort(src, o, sp, n, 32, radix_keys<std::uint32_t>(false));
    auto t1 = std::chrono::steady_clock::now();
    if (!std::equal(ref.begin(), ref.end(), out.data())) { std::printf("WRONG\n"); return 1; }
    std::printf(" %.1f", std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::printf("  (2^%d, max_bits %u)\n", argc > 1 ? atoi(argv[1]) : 26, bits);
}
