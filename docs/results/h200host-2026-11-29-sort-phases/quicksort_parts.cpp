// Probe (issue 35; not a step): the cache sorts' AVX-512 quicksort taken apart, on the machine it
// runs on. u32 uniform keys (seed 35). Prints ns a key for:
//   rows M    2^24 keys sorted as rows of M keys (read from memory, sorted in two buffers of M
//             keys in cache, copied back), as the cache sorts sort the split's buckets;
//   partition one partition level of M keys in cache (pivot 2^31), repeated;
//   networks  sort_small over the M keys in groups of 256 (the leaf networks), repeated.
// np_sort_parts.py times np.sort the same way (rows of M keys; one array of 256 keys).
// Run: quicksort_parts M ROUNDS.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/avx512.hpp"
#include "parprim/host/vector_quicksort.hpp"

using namespace parprim::host;

#define AVX512 __attribute__((target("avx512f,popcnt")))

namespace {

AVX512 std::uint64_t partitions(std::uint32_t* a, std::uint32_t* b, std::uint32_t m, int times) {
  std::uint64_t lows = 0;
  const vector_sort_detail::vec none = _mm512_setzero_si512();
  for (int t = 0; t < times; ++t)
    lows += vector_sort_detail::partition<false, false>(t % 2 ? b : a, t % 2 ? a : b, m,
                                                        0x80000000u, none);
  return lows;
}

AVX512 void networks(const std::uint32_t* a, std::uint32_t* b, std::uint32_t m, int times) {
  const vector_sort_detail::vec none = _mm512_setzero_si512();
  for (int t = 0; t < times; ++t)
    for (std::uint32_t i = 0; i < m; i += vector_sort_detail::network_keys)
      vector_sort_detail::sort_small(a + i, b + i, vector_sort_detail::network_keys, none, none);
}

template <class F>
double ns(std::uint64_t keys, F f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         double(keys);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t m = argc > 1 ? std::atoi(argv[1]) : 8192;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 4;
  if (!has_avx512f()) return std::printf("no AVX-512\n"), 1;
  const std::uint64_t n = std::uint64_t(1) << 24;
  aligned_array<std::uint32_t> in(n), out(n), buffer0(m), buffer1(m);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::uint32_t* const buffers[2] = {buffer0.data(), buffer1.data()};
  const int times = static_cast<int>((std::uint64_t(1) << 26) / m);  // 2^26 keys' work
  volatile std::uint64_t sink = 0;
  for (int r = 0; r < rounds; ++r) {
    const double rows = ns(n, [&] {
      for (std::uint64_t row = 0; row < n; row += m)
        vector_quicksort(in.data() + row, m, 0, buffers, [&](const std::uint32_t* sorted) {
          std::memcpy(out.data() + row, sorted, m * 4);
        });
    });
    if (r == 0)
      for (std::uint64_t row = 0; row < n; row += m)
        if (!std::is_sorted(out.data() + row, out.data() + row + m)) return std::printf("WRONG\n"), 1;
    std::memcpy(buffer0.data(), in.data(), m * 4);
    const double partition = ns(std::uint64_t(times) * m, [&] {
      sink = sink + partitions(buffer0.data(), buffer1.data(), m, times);
    });
    std::memcpy(buffer0.data(), in.data(), m * 4);
    const double network = ns(std::uint64_t(times) * m, [&] {
      networks(buffer0.data(), buffer1.data(), m, times);
    });
    std::printf("M %u round %d: rows %.3f partition %.3f networks %.3f ns a key\n", m, r, rows,
                partition, network);
  }
  return 0;
}
