// Step 48's A/B (issue 35): cpu_seq's radix_sorter::sort_array by the tree's headers (each
// bucket's fill count in its line buffer: "step48") against copies of 734e133's ("before",
// made by ../cpu-2core-2026-12-07-intel/make_before47.sh 734e133), the two alternated round by
// round within one process on one thread, each first in turn. 2^LOG2 uniform keys (seed 48),
// u32 unless built with -DKEY=std::uint64_t, keys only unless a third argument says "pairs"
// (each value its key's index), ROUNDS rounds, each result checked against std::stable_sort's
// order; prints each round and the medians of each side's times and of the rounds' ratios to
// "before".
// Build (from the repository root, after make_before47.sh 734e133):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Ibuild/probe
//     docs/results/cpu-2core-2026-12-07-intel-step48/step48_ab.cpp build/core/libparprim_core.a
//     -o build/probe/step48_ab
// Run: build/probe/step48_ab LOG2 ROUNDS [pairs]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <type_traits>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
namespace before {
#include "before47/streaming_store.hpp"
#include "before47/bucket_chunks.hpp"
#include "before47/write_combining_scatter.hpp"
#include "before47/cache_radix_sort.hpp"
#include "before47/hybrid_radix_sort.hpp"
}  // namespace before

#ifndef KEY
#define KEY std::uint32_t
#endif
using T = KEY;

int main(int argc, char** argv) {
  using namespace parprim::host;
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  const bool pairs = argc > 3 && std::strcmp(argv[3], "pairs") == 0;
  aligned_array<T> in(n), out(n), spare(n), values(pairs ? n : 0), values_out(pairs ? n : 0),
      values_spare(pairs ? n : 0);
  std::conditional_t<sizeof(T) == 8, std::mt19937_64, std::mt19937> rng(48);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  if (pairs)
    for (std::uint64_t i = 0; i < n; ++i) values.data()[i] = static_cast<T>(i);
  std::vector<std::uint64_t> order(n);
  for (std::uint64_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return in.data()[a] < in.data()[b]; });

  radix_sorter<T> step(radix_sort_policy{}, pairs);
  before::parprim::host::radix_sorter<T> old(before::parprim::host::radix_sort_policy{}, pairs);
  step.reserve_array(n);
  old.reserve_array(n);
  const elements<const T> src{in.data(), pairs ? values.data() : nullptr};
  const elements<T> to{out.data(), pairs ? values_out.data() : nullptr},
      room{spare.data(), pairs ? values_spare.data() : nullptr};
  const std::function<void()> sides[2] = {
      [&] { old.sort_array(src, to, room, n, radix_keys<T>(false)); },
      [&] { step.sort_array(src, to, room, n, radix_keys<T>(false)); }};
  const char* names[2] = {"before", "step48"};
  auto time = [&](int s) {
    std::memset(out.data(), 0, n * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    sides[s]();
    const double t =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    for (std::uint64_t i = 0; i < n; ++i)
      if (out.data()[i] != in.data()[order[i]] || (pairs && values_out.data()[i] != T(order[i]))) {
        std::printf("WRONG (%s) at %llu\n", names[s], static_cast<unsigned long long>(i));
        std::exit(1);
      }
    return t;
  };
  for (int s = 0; s < 2; ++s) time(s);  // warm-up
  std::vector<double> times[2], ratios;
  for (int r = 0; r < rounds; ++r) {
    double t[2];
    for (int k = 0; k < 2; ++k) {
      const int s = (r + k) % 2;  // each side first in turn
      t[s] = time(s);
    }
    std::printf("  round %d: before %.3f, step48 %.3f ns a key (%.3fx)\n", r, t[0], t[1],
                t[1] / t[0]);
    for (int s = 0; s < 2; ++s) times[s].push_back(t[s]);
    ratios.push_back(t[1] / t[0]);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("%s %s 2^%u medians: before %.3f, step48 %.3f ns a key; rounds' ratios %.3fx "
              "(%.3f-%.3f)\n",
              sizeof(T) == 8 ? "u64" : "u32", pairs ? "pairs" : "keys", log2, median(times[0]), median(times[1]), median(ratios),
              *std::min_element(ratios.begin(), ratios.end()),
              *std::max_element(ratios.begin(), ratios.end()));
  return 0;
}
