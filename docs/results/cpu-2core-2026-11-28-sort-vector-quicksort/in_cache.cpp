// Probe (issue 35, cpu_sort.md step 18): one bucket of the size the split leaves, sorted in cache
// by the repository's cache_radix_sort with its radix passes (vector_keys false) and with its
// vector quicksort (vector_keys true), and by Highway's VQSort on a copy of the bucket with its
// result streamed out as the cache sort's is. Same input as step 17's probe (u32, the top 11
// bits equal, the 21 below uniform, seed 35), each way repeated so that everything stays in L2.
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

namespace {

std::vector<std::uint32_t> bucket(std::uint32_t m) {
  std::mt19937_64 rng(35);
  std::vector<std::uint32_t> keys(m);
  for (auto& k : keys) k = (0x5A5u << 21) | static_cast<std::uint32_t>(rng() & 0x1FFFFF);
  return keys;
}

/// ns a key of `sort_once` over `reps` repetitions after one warm-up, its output checked.
template <class Sort>
double ns_a_key(Sort&& sort_once, int reps, std::uint32_t m, const std::uint32_t* out,
                const std::vector<std::uint32_t>& expected) {
  sort_once();
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) sort_once();
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() -
                                                             start).count();
  if (!std::equal(expected.begin(), expected.end(), out)) {
    std::printf("WRONG\n");
    std::exit(1);
  }
  return ns / (double(reps) * m);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t m = argc > 1 ? std::atoi(argv[1]) : 32768;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 400;
  const std::vector<std::uint32_t> in = bucket(m);
  std::vector<std::uint32_t> expected(in);
  std::sort(expected.begin(), expected.end());
  aligned_array<std::uint32_t> out(m), copy(m);
  cache_radix_sort<std::uint32_t> radix_passes(65536, false, false), vector(65536, false, true);
  hwy::Sorter vqsort;
  const radix_keys<std::uint32_t> keys(false);
  std::printf("vector path taken: %s\n", vector.sorts_keys_by_vector() ? "yes" : "no");
  for (int round = 0; round < 3; ++round) {
    double ns[3];
    int k = 0;
    for (auto* sort : {&radix_passes, &vector}) {
      std::fill_n(out.data(), m, 0u);
      ns[k++] = ns_a_key([&] { (*sort)({in.data(), nullptr}, {out.data(), nullptr}, m, 21, keys,
                                       max_digit_bits); },
                         reps, m, out.data(), expected);
    }
    std::fill_n(out.data(), m, 0u);
    ns[2] = ns_a_key(
        [&] {
          std::memcpy(copy.data(), in.data(), m * sizeof(std::uint32_t));  // VQSort: in place
          vqsort(copy.data(), m, hwy::SortAscending());
          stream_copy(out.data(), copy.data(), m);
        },
        reps, m, out.data(), expected);
    std::printf("%u keys, round %d, ns a key: radix passes %.2f, vector quicksort %.2f (%.2fx), "
                "VQSort %.2f\n",
                m, round, ns[0], ns[1], ns[1] / ns[0], ns[2]);
  }
}
