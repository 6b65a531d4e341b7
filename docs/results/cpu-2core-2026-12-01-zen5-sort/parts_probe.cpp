// Probe (issue 35; not a step): cpu_seq's radix sort of u32 keys taken apart on a Zen 5 core.
// u32 uniform keys (seed 35), keys only, ascending, 2^LOG2 of them; ROUNDS rounds, each timing:
//   sort      radix_sorter::sort_array as cpu_seq runs it;
//   split     the split alone (write_combining_buffers::scatter_to_chunks, same digit, chunks);
//   copyout   every bucket copied out of its chunks into the staging array (bucket_chunks::copy_out);
//   +radix    copy-out, then each bucket sorted by the radix passes (cache_radix_sort without
//             the vector quicksort) into the output;
//   +vector   copy-out, then each bucket sorted by the AVX-512 quicksort and streamed out;
//   +default  copy-out, then each bucket sorted as the plugin sorts it (cache_radix_sort's choice).
// Each sort is checked against std::sort in round 0. Prints ns a key.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include parts_probe.cpp
//        build/core/libparprim_core.a -static -o probe/parts_probe
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

template <class F>
double ns_a_key(std::uint64_t n, F f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
         double(n);
}

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 4;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<u32> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<u32> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());

  const radix_sort_policy policy;
  const radix_keys<u32> keys(false);
  radix_sorter<u32> sorter(policy, false);
  sorter.reserve_array(n);
  const digit_place top = first_split_place(n, 32, sorter.capacity(), policy);
  const std::uint64_t chunk_keys = bucket_chunks<u32>::chunk_keys_for(
      n, top.buckets(), policy.min_chunk_bytes, policy.max_chunk_bytes);
  bucket_chunks<u32> chunks;
  chunks.reserve(n, top.buckets(), chunk_keys);
  write_combining_buffers<u32, max_buckets> lines(false);
  aligned_array<u32> staging(sorter.capacity());
  cache_radix_sort<u32> radix_only(sorter.capacity(), false, false);
  cache_radix_sort<u32> by_choice(sorter.capacity(), false, true);
  aligned_array<u32> b0(sorter.capacity()), b1(sorter.capacity());
  u32* const buffers[2] = {b0.data(), b1.data()};

  auto split = [&] {
    chunks.begin(spare.data(), n, top.buckets(), chunk_keys);
    lines.scatter_to_chunks(in.data(), n, chunks, digit_of<u32>{keys, top});
  };
  // Copies every bucket out, then hands it to `sort(count, start)`.
  auto buckets = [&](auto sort) {
    std::uint64_t start = 0;
    for (u32 b = 0; b < top.buckets(); ++b) {
      const std::uint64_t count = chunks.counts()[b];
      chunks.copy_out(b, staging.data());
      sort(static_cast<u32>(count), start);
      start += count;
    }
  };
  auto check = [&](const char* what) {
    if (!std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("%s: WRONG\n", what);
      std::exit(1);
    }
    std::fill_n(out.data(), n, 0u);
  };
  std::printf("n 2^%u, split by %u bits, chunks of %llu keys, cache sort of %u keys\n", log2,
              top.width, static_cast<unsigned long long>(chunk_keys), sorter.capacity());
  for (int r = 0; r < rounds; ++r) {
    const double sort = ns_a_key(n, [&] {
      sorter.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n,
                        keys);
    });
    if (r == 0) check("sort");
    const double t_split = ns_a_key(n, split);
    const double copyout = ns_a_key(n, [&] { buckets([](u32, std::uint64_t) {}); });
    const double radix = ns_a_key(n, [&] {
      buckets([&](u32 count, std::uint64_t start) {
        radix_only({staging.data(), nullptr}, {out.data() + start, nullptr}, count, top.shift,
                   keys, policy.max_bits, key_source::cache);
      });
    });
    if (r == 0) check("radix");
    const double vector = ns_a_key(n, [&] {
      buckets([&](u32 count, std::uint64_t start) {
        vector_quicksort(staging.data(), count, 0, buffers, [&](const u32* sorted) {
          stream_copy(out.data() + start, sorted, count);
        });
      });
    });
    if (r == 0) check("vector");
    const double choice = ns_a_key(n, [&] {
      buckets([&](u32 count, std::uint64_t start) {
        by_choice({staging.data(), nullptr}, {out.data() + start, nullptr}, count, top.shift, keys,
                  policy.max_bits, key_source::cache);
      });
    });
    if (r == 0) check("default");
    std::printf(
        "round %d: sort %.2f split %.2f copyout %.2f +radix %.2f +vector %.2f +default %.2f ns a key\n",
        r, sort, t_split, copyout, radix, vector, choice);
  }
  return 0;
}
