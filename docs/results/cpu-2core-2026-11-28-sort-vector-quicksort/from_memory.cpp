// Probe (issue 35, cpu_sort.md step 18): buckets sorted as the whole sort sorts them, read from
// memory where the split left them and streamed back to memory, a new bucket each time.
// 2^log2_total u32 keys (the top 11 bits equal, the 21 below uniform, seed 7) in buckets of m
// keys, sorted bucket by bucket three ways: vector_quicksort always, cache_radix_sort with its
// radix passes only (vector_keys false), and cache_radix_sort as the plugins run it (the vector
// sort where digit_plan says the radix passes lose). Run: from_memory M LOG2_TOTAL.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/cache_radix_sort.hpp"
#include "parprim/host/streaming_store.hpp"
#include "parprim/host/vector_quicksort.hpp"

using namespace parprim::host;

int main(int argc, char** argv) {
  const std::uint32_t m = argc > 1 ? std::atoi(argv[1]) : 32768;
  const std::uint64_t total = std::uint64_t(1) << (argc > 2 ? std::atoi(argv[2]) : 25);
  const std::uint64_t buckets = total / m;
  aligned_array<std::uint32_t> in(total), out(total), buffer0(65536), buffer1(65536);
  std::mt19937_64 rng(7);
  for (std::uint64_t i = 0; i < total; ++i)
    in.data()[i] = (0x5A5u << 21) | static_cast<std::uint32_t>(rng() & 0x1FFFFF);
  std::uint32_t* const buffers[2] = {buffer0.data(), buffer1.data()};
  cache_radix_sort<std::uint32_t> radix_passes(65536, false, false), plugins(65536, false, true);
  const radix_keys<std::uint32_t> keys(false);
  auto vector_only = [&](std::uint64_t b) {
    vector_quicksort(in.data() + b * m, m, 0, buffers,
                     [&](const std::uint32_t* sorted) { stream_copy(out.data() + b * m, sorted, m); });
  };
  auto by = [&](cache_radix_sort<std::uint32_t>& sort) {
    return [&](std::uint64_t b) {
      sort({in.data() + b * m, nullptr}, {out.data() + b * m, nullptr}, m, 21, keys,
           max_digit_bits);
    };
  };
  auto ns_a_key = [&](auto&& sort_bucket) {
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t b = 0; b < buckets; ++b) sort_bucket(b);
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() -
                                                               start).count();
    for (std::uint64_t b = 0; b < buckets; ++b)
      for (std::uint32_t i = 1; i < m; ++i)
        if (out.data()[b * m + i - 1] > out.data()[b * m + i]) {
          std::printf("NOT SORTED\n");
          std::exit(1);
        }
    return ns / double(buckets * m);
  };
  ns_a_key(by(radix_passes));  // the first touch of every page, not timed
  for (int round = 0; round < 2; ++round) {
    const double v = ns_a_key(vector_only), r = ns_a_key(by(radix_passes));
    const double p = ns_a_key(by(plugins));
    std::printf("%6u keys a bucket, round %d, ns a key: vector %.2f, radix passes %.2f, as the "
                "plugins choose %.2f\n",
                m, round, v, r, p);
  }
}
