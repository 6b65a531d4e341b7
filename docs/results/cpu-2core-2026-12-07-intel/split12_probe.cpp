// A probe (issue 35, not a step): cpu_seq's radix_sorter::sort_array with the tree's headers (an
// 11-bit split: 2048 buckets of 8192 keys at 2^24) against copies of them whose widest digit is
// 12 bits ("12": 4096 buckets, 4096 keys each at 2^24; min_bucket_fraction 16 so that the split
// takes it), alternated round by round in one process on one thread. 2^LOG2 uniform u32 keys
// (seed 12), ROUNDS rounds, each result checked against std::sort.
// Copies: for f in streaming_store bucket_chunks write_combining_scatter cache_radix_sort
//   hybrid_radix_sort, the tree's header as make_before47.sh makes them, into build/probe/b12/,
//   with `max_digit_bits = 12` and `max_buckets = 1 << max_digit_bits` declared in the copy of
//   streaming_store.hpp after its using-directives (so that the copies' own names take them).
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Ibuild/probe
//   docs/results/cpu-2core-2026-12-07-intel/split12_probe.cpp build/core/libparprim_core.a
//   -o build/probe/split12_probe
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
namespace wide {
#include "b12/streaming_store.hpp"
#include "b12/bucket_chunks.hpp"
#include "b12/write_combining_scatter.hpp"
#include "b12/cache_radix_sort.hpp"
#include "b12/hybrid_radix_sort.hpp"
}  // namespace wide

using T = std::uint32_t;

int main(int argc, char** argv) {
  using namespace parprim::host;
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(12);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  radix_sorter<T> tree(radix_sort_policy{}, false);
  wide::parprim::host::radix_sort_policy policy12;
  policy12.min_bucket_fraction = 16;
  wide::parprim::host::radix_sorter<T> twelve(policy12, false);
  tree.reserve_array(n);
  twelve.reserve_array(n);
  const elements<const T> src{in.data(), nullptr};
  const elements<T> to{out.data(), nullptr}, room{spare.data(), nullptr};
  auto time = [&](auto&& sort) {
    std::memset(out.data(), 0, n * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    sort();
    const double t =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("WRONG\n");
      std::exit(1);
    }
    return t;
  };
  auto a = [&] { tree.sort_array(src, to, room, n, radix_keys<T>(false)); };
  auto b = [&] { twelve.sort_array(src, to, room, n, wide::parprim::host::radix_keys<T>(false)); };
  time(a);
  time(b);
  std::vector<double> ta, tb, ratio;
  for (int r = 0; r < rounds; ++r) {
    double x, y;
    if (r % 2) {
      y = time(b);
      x = time(a);
    } else {
      x = time(a);
      y = time(b);
    }
    ta.push_back(x);
    tb.push_back(y);
    ratio.push_back(y / x);
    std::printf("  round %d: 11 bits %.3f, 12 bits %.3f (%.3fx) ns a key\n", r, x, y, y / x);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("u32 2^%u medians: 11 bits %.3f, 12 bits %.3f ns a key; ratio median %.3fx (%.3f-%.3f)\n",
              log2, median(ta), median(tb), median(ratio),
              *std::min_element(ratio.begin(), ratio.end()),
              *std::max_element(ratio.begin(), ratio.end()));
}
