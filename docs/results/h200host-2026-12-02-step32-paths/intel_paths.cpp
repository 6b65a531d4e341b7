// Issue 35 on the GPU machine's Intel host after step 32 (a probe, not a step): the three ways
// cpu_seq could sort a keys-only u32 array there, alternated every round on one thread:
//   split      radix_sorter::sort_array as cpu_seq runs it there (the split, each bucket by
//              the cache sort's rule: radix passes for the buckets of 2^24 and 2^26 keys);
//   split+vq   the same with every bucket by vector_quicksort.hpp (probe/var3/: the rule's
//              beats_vector_sort only for one digit);
//   in place   the in-place partitions down to 8192 keys (in_place_quicksort, Zen 5's path).
// 2^LOG2 uniform u32 keys (seed 35), ROUNDS rounds, each checked against std::sort. ns a key.
// Build (static): g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//   -Iprobe probe/intel_paths.cpp build/core/libparprim_core.a -static -o probe/intel_paths
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/hybrid_radix_sort.hpp"
namespace var3 {
#include "var3/cache_radix_sort.hpp"
#include "var3/hybrid_radix_sort.hpp"
}
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  radix_sort_policy policy;
  policy.in_place_partitions = false;
  var3::parprim::host::radix_sort_policy vq_policy;
  vq_policy.in_place_partitions = false;
  radix_sorter<std::uint32_t> split(policy, false);
  var3::parprim::host::radix_sorter<std::uint32_t> split_vq(vq_policy, false);
  split.reserve_array(n);
  split_vq.reserve_array(n);
  in_place_quicksort in_place(8192);
  auto time = [&](auto&& fn, const char* what) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(expected.begin(), expected.end(), out.data())) { std::printf("%s WRONG\n", what); std::exit(1); }
    return t;
  };
  auto a = [&] { split.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, radix_keys<std::uint32_t>(false)); };
  auto b = [&] { split_vq.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, radix_keys<std::uint32_t>(false)); };
  auto c = [&] { in_place(in.data(), out.data(), n, 0); };
  std::vector<double> t[3], qb, qc;
  for (int r = 0; r <= rounds; ++r) {
    double x[3];
    if (r & 1) { x[2] = time(c, "in place"); x[1] = time(b, "split+vq"); x[0] = time(a, "split"); }
    else { x[0] = time(a, "split"); x[1] = time(b, "split+vq"); x[2] = time(c, "in place"); }
    if (r == 0) continue;
    for (int k = 0; k < 3; ++k) t[k].push_back(x[k]);
    qb.push_back(x[1] / x[0]); qc.push_back(x[2] / x[0]);
    std::printf("  round %d: split %.3f, split+vq %.3f (%.3fx), in place %.3f (%.3fx) ns a key\n", r, x[0], x[1], qb.back(), x[2], qc.back());
  }
  for (auto* v : {&t[0], &t[1], &t[2], &qb, &qc}) std::sort(v->begin(), v->end());
  const auto m = [](const std::vector<double>& v) { return v[v.size() / 2]; };
  std::printf("2^%u medians: split %.3f, split+vq %.3f (%.3fx, %.3f-%.3f), in place %.3f (%.3fx, %.3f-%.3f) ns a key\n", log2, m(t[0]), m(t[1]), m(qb), qb.front(), qb.back(), m(t[2]), m(qc), qc.front(), qc.back());
}
