// Probe (issue 35; not a step): the library's split alone (write_combining_buffers::
// scatter_to_chunks, as radix_sorter::sort_array runs it) by a top digit of BITS bits, over
// 2^LOG2 u32 uniform keys (seed 35), repeated to 2^26 keys' work a round, four rounds. With
// LOG2 20 the array and its chunks stay in L3: the split's cost there against 2^24 says whether
// memory or the core bounds it; BITS 7-12 say what the digit's width costs.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//        split_width_probe.cpp -o probe/split_width_probe   (HEADERS for -I: see probes.sh)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const unsigned bits = argc > 2 ? std::atoi(argv[2]) : 11;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<u32> in(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  const radix_keys<u32> keys(false);
  const digit_place top{32 - bits, bits};
  const std::uint64_t chunk_keys = bucket_chunks<u32>::chunk_keys_for(n, top.buckets(), 256, 16384);
  bucket_chunks<u32> chunks;
  chunks.reserve(n, top.buckets(), chunk_keys);
  write_combining_buffers<u32, 8192> lines(false);
  const int times = std::max<int>(1, (1 << 26) >> log2);
  std::printf("split 2^%u by %u bits, chunks of %llu keys:", log2, bits,
              static_cast<unsigned long long>(chunk_keys));
  for (int r = 0; r < 4; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int t = 0; t < times; ++t) {
      chunks.begin(spare.data(), n, top.buckets(), chunk_keys);
      lines.scatter_to_chunks(in.data(), n, chunks, digit_of<u32>{keys, top});
    }
    std::printf(" %.2f", std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                             double(n * times));
  }
  std::printf(" ns a key\n");
  return 0;
}
