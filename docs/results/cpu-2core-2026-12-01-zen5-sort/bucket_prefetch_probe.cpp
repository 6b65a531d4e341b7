// Probe (issue 35; not a step): the buckets' phase of radix_sorter::sort_array (each bucket copied
// out of its chunks, sorted in cache, streamed to the output) with and without software
// prefetches of the next bucket's lines into L2 while the current one is sorted
// (bucket_prefetch.patch adds bucket_chunks::prefetch; build against headers it is applied to).
// 2^LOG2 u32 uniform keys (seed 35) split once; before each timed phase a 64 MiB array is
// touched, so that the chunks are read from memory; ROUNDS rounds, the two forms alternated.
// Prints the medians and the median of the rounds' ratios.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 15;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<u32> in(n), out(n), spare(n), evict(std::uint64_t(1) << 24);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  const radix_sort_policy policy;
  const radix_keys<u32> keys(false);
  const radix_sorter<u32> sorter(policy, false);
  const digit_place top = first_split_place(n, 32, sorter.capacity(), policy);
  const std::uint64_t chunk_keys = bucket_chunks<u32>::chunk_keys_for(
      n, top.buckets(), policy.min_chunk_bytes, policy.max_chunk_bytes);
  bucket_chunks<u32> chunks;
  chunks.reserve(n, top.buckets(), chunk_keys);
  write_combining_buffers<u32, max_buckets> lines(false);
  aligned_array<u32> staging(sorter.capacity());
  cache_radix_sort<u32> cache_sort(sorter.capacity(), false, true);
  chunks.begin(spare.data(), n, top.buckets(), chunk_keys);
  lines.scatter_to_chunks(in.data(), n, chunks, digit_of<u32>{keys, top});
  auto phase = [&](bool prefetch) {
    for (std::uint64_t i = 0; i < evict.size(); i += 16) evict.data()[i]++;
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t start = 0;
    for (u32 b = 0; b < top.buckets(); ++b) {
      const std::uint64_t count = chunks.counts()[b];
      chunks.copy_out(b, staging.data());
      if (prefetch && b + 1 < top.buckets()) chunks.prefetch(b + 1);
      cache_sort({staging.data(), nullptr}, {out.data() + start, nullptr}, static_cast<u32>(count),
                 top.shift, keys, policy.max_bits, key_source::cache);
      start += count;
    }
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
           double(n);
  };
  std::vector<double> without, with, ratio;
  for (int r = 0; r < rounds; ++r) {
    without.push_back(phase(false));
    with.push_back(phase(true));
    ratio.push_back(with.back() / without.back());
  }
  for (auto* v : {&without, &with, &ratio}) std::sort(v->begin(), v->end());
  std::printf("2^%u buckets' phase: without %.3f, with the prefetch %.3f ns a key (medians); "
              "ratio median %.3f, range %.3f-%.3f\n",
              log2, without[rounds / 2], with[rounds / 2], ratio[rounds / 2], ratio.front(),
              ratio.back());
  return 0;
}
