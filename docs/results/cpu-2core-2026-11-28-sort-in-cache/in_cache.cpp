// Probe (issue 35): how fast a bucket the size the split leaves (8192 keys at 2^24, 32768 at
// 2^26; u32 uniform, the top 11 bits equal) is sorted in cache by the repository's
// cache_radix_sort (its 21 low bits, two or three passes) and by Highway's VQSort (an AVX-512
// quicksort with sorting networks, the whole key), each from the same source into its own
// output, repeated so that both stay in L2. It asks whether vector work could beat the cache
// sort's scalar passes, not what a plugin would gain.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include <hwy/contrib/sort/vqsort.h>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/cache_radix_sort.hpp"
#include "parprim/host/streaming_store.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

int main(int argc, char** argv) {
  const std::uint32_t m = argc > 1 ? std::atoi(argv[1]) : 32768;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 400;
  std::mt19937_64 rng(35);
  std::vector<u32> src(m);
  for (auto& x : src) x = (0x5A5u << 21) | static_cast<u32>(rng() & 0x1FFFFF);
  std::vector<u32> ref(src);
  std::sort(ref.begin(), ref.end());
  aligned_array<u32> out(m), work(m);
  cache_radix_sort<u32> radix(65536, false);
  hwy::Sorter vqsort;
  const radix_keys<u32> keys(false);
  auto radix_once = [&] {
    radix({src.data(), nullptr}, {out.data(), nullptr}, m, 21, keys, max_digit_bits);
  };
  auto vq_once = [&] {
    std::memcpy(work.data(), src.data(), m * sizeof(u32));  // VQSort sorts in place
    vqsort(work.data(), m, hwy::SortAscending());
  };
  // The same, its result then streamed to out as the cache sort streams its own (the sort's
  // output lies in memory): the fair comparison for a bucket of the whole sort.
  auto vq_streamed_once = [&] {
    vq_once();
    stream_copy(out.data(), work.data(), m);
  };
  auto ns_a_key = [&](auto&& once) {
    once();
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) once();
    const auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / (double(reps) * m);
  };
  for (int round = 0; round < 3; ++round) {
    std::fill_n(out.data(), m, 0u);
    const double a = ns_a_key(radix_once);
    const bool radix_right = std::equal(ref.begin(), ref.end(), out.data());
    const double b = ns_a_key(vq_once);
    std::fill_n(out.data(), m, 0u);
    const double c = ns_a_key(vq_streamed_once);
    if (!radix_right || !std::equal(ref.begin(), ref.end(), work.data()) ||
        !std::equal(ref.begin(), ref.end(), out.data())) {
      std::printf("WRONG\n");
      return 1;
    }
    std::printf("%u keys, round %d: cache_radix_sort %.2f ns a key; VQSort (with its copy in) "
                "%.2f, and streamed out %.2f\n",
                m, round, a, b, c);
  }
}
