// Probe (issue 35; not a step): where cpu_seq's radix sort of u32 keys spends its time on the
// machine it runs on, beside a read and a copy of the array. u32 uniform keys (seed 35), keys
// only, ascending, 2^LOG2 of them; ROUNDS rounds, each timing in turn:
//   sort    radix_sorter::sort_array as cpu_seq runs it (the split into chunk lists, then each
//           bucket copied out and sorted in cache), checked against std::sort once;
//   split   the split alone: write_combining_buffers::scatter_to_chunks over the array, by the
//           same top digit and chunk size (so sort - split is the buckets' cache sorts);
//   vqs     the cache sort's AVX-512 quicksort run on the whole array from memory (out of place
//           between two arrays of n keys), for scale;
//   read    a sum of the keys; copy: memcpy of the array.
// Prints ns a key for each. Run: phases_probe LOG2 ROUNDS.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/avx512.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/host/vector_quicksort.hpp"

using namespace parprim::host;

template <class F>
double ns_a_key(std::uint64_t n, F f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / double(n);
}

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();

  const radix_sort_policy policy;
  const radix_keys<std::uint32_t> keys(false);
  radix_sorter<std::uint32_t> sorter(policy, false);
  sorter.reserve_array(n);

  // The split as sort_array takes it, by hand: same top digit, same chunks.
  const digit_place top = first_split_place(n, 32, sorter.capacity(), policy);
  const std::uint64_t chunk_keys = bucket_chunks<std::uint32_t>::chunk_keys_for(
      n, top.buckets(), policy.min_chunk_bytes, policy.max_chunk_bytes);
  bucket_chunks<std::uint32_t> chunks;
  chunks.reserve(n, top.buckets(), chunk_keys);
  write_combining_buffers<std::uint32_t, max_buckets> lines(false);

  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  std::printf("n 2^%u, split by %u bits (%u buckets), chunks of %llu keys, cache sort of %u keys, avx512 %d\n",
              log2, top.width, top.buckets(), static_cast<unsigned long long>(chunk_keys),
              sorter.capacity(), int(has_avx512f()));
  volatile std::uint64_t sink = 0;
  for (int r = 0; r < rounds; ++r) {
    const double sort = ns_a_key(n, [&] {
      sorter.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n,
                        keys);
    });
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("sort: WRONG\n");
      return 1;
    }
    const double split = ns_a_key(n, [&] {
      chunks.begin(spare.data(), n, top.buckets(), chunk_keys);
      lines.scatter_to_chunks(in.data(), n, chunks, digit_of<std::uint32_t>{keys, top});
    });
    double vqs = 0;
    if (has_avx512f()) {
      std::uint32_t* const buffers[2] = {out.data(), spare.data()};
      vqs = ns_a_key(n, [&] {
        vector_quicksort(in.data(), static_cast<std::uint32_t>(n), 0, buffers,
                         [](const std::uint32_t*) {});
      });
      if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) {
        std::printf("vqs: WRONG\n");
        return 1;
      }
    }
    const double read = ns_a_key(n, [&] {
      std::uint64_t s = 0;
      for (std::uint64_t i = 0; i < n; ++i) s += in.data()[i];
      sink = sink + s;
    });
    const double copy = ns_a_key(n, [&] { std::memcpy(out.data(), in.data(), n * 4); });
    std::printf("round %d: sort %.2f split %.2f (cache sorts %.2f) vqs %.2f read %.2f copy %.2f ns a key\n",
                r, sort, split, sort - split, vqs, read, copy);
  }
  return 0;
}
