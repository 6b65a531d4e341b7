// Probe (issue 35; not a step): what the quicksort's leaf networks (vector_sort_detail::sort_small,
// vector_sorting_network.hpp) cost by the leaf's size: 2^15 u32 uniform keys (seed 35) in cache
// sorted as leaves of n keys, best of 200 rounds. A leaf takes the network of the next power of
// two of vectors, so its cost steps at 16, 32, 64 and 128 keys. leaf_model.py weighs these costs
// by the leaf sizes a quicksort of the split's buckets meets.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Iplugins/host_common/include leaf_network_probe.cpp
//        -o probe/leaf_network_probe
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/vector_quicksort.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

namespace {
__attribute__((target("avx512f,popcnt"))) double leaves(const u32* in, u32* out, u32 n, u32 total) {
  const vector_sort_detail::vec none = _mm512_setzero_si512();
  const auto t0 = std::chrono::steady_clock::now();
  for (u32 i = 0; i + n <= total; i += n) vector_sort_detail::sort_small(in + i, out + i, n, none, none);
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         double(total / n * n);
}
}  // namespace

int main() {
  if (!has_avx512f()) return std::printf("no AVX-512\n"), 1;
  const u32 total = 1 << 15;
  aligned_array<u32> in(total), out(total);
  std::mt19937 rng(35);
  for (u32 i = 0; i < total; ++i) in.data()[i] = rng();
  for (const u32 n : {16u, 17u, 32u, 33u, 64u, 65u, 96u, 128u, 129u, 160u, 192u, 224u, 256u}) {
    double best = 1e9;
    for (int r = 0; r < 200; ++r) best = std::min(best, leaves(in.data(), out.data(), n, total));
    std::printf("leaf of %3u keys: %.3f ns a key, %.1f ns a leaf\n", n, best, best * n);
  }
  return 0;
}
