// cache_radix_sort on buckets read from memory (as cpu_tbb's counted split leaves them): as is,
// and with each bucket first copied into the sort's cache (memcpy), then sorted from there.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/cache_radix_sort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const std::uint32_t m = std::atoi(argv[1]);
  const std::uint64_t total = std::uint64_t(1) << 24, buckets = total / m;
  aligned_array<std::uint32_t> in(total), out(total), staging(65536);
  std::mt19937_64 rng(7);
  for (std::uint64_t i = 0; i < total; ++i) in.data()[i] = (0x5A5u << 21) | (rng() & 0x1FFFFF);
  std::fill(out.data(), out.data() + total, 0u);
  cache_radix_sort<std::uint32_t> s(65536, false, true);
  const radix_keys<std::uint32_t> keys(false);
  for (int round = 0; round < 3; ++round)
    for (int copy = 0; copy < 2; ++copy) {
      const auto t0 = std::chrono::steady_clock::now();
      for (std::uint64_t b = 0; b < buckets; ++b) {
        const std::uint32_t* src = in.data() + b * m;
        if (copy) { std::memcpy(staging.data(), src, m * 4); src = staging.data(); }
        s({src, nullptr}, {out.data() + b * m, nullptr}, m, 21, keys, 11);
      }
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
      std::printf("%s m=%u: %.2f ns a key\n", copy ? "copied" : "as is ", m, ns / double(total));
    }
}
