// Step 32 where the plugins split by radix (the GPU machine's Intel host; on Zen 5 with the
// policy's in_place_partitions false): radix_sorter<u32>::sort_array as cpu_seq runs it, with
// the headers as they are against copies of them before step 32 (probe/before/, made by
// make_before.sh 13f24af),
// alternated every round; one thread, 2^LOG2 uniform u32 keys (seed 35), each checked.
// Build (static, for the device's host): g++ -std=c++20 -O3 -DNDEBUG -Icore/include
//   -Iplugins/host_common/include -Iprobe docs/results/cpu-2core-2026-12-02-zen5-networks/radix_ab.cpp
//   build/core/libparprim_core.a -static -o probe/radix_ab
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/hybrid_radix_sort.hpp"
namespace before {
#include "before/vector_sorting_network.hpp"
#include "before/vector_quicksort.hpp"
#include "before/in_place_quicksort.hpp"
#include "before/cache_radix_sort.hpp"
#include "before/hybrid_radix_sort.hpp"
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
  before::parprim::host::radix_sort_policy before_policy;
  before_policy.in_place_partitions = false;
  radix_sorter<std::uint32_t> now(policy, false);
  before::parprim::host::radix_sorter<std::uint32_t> was(before_policy, false);
  now.reserve_array(n);
  was.reserve_array(n);
  auto time = [&](auto& s, const char* what) {
    const auto t0 = std::chrono::steady_clock::now();
    s.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, radix_keys<std::uint32_t>(false));
    const double t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(expected.begin(), expected.end(), out.data())) { std::printf("%s WRONG\n", what); std::exit(1); }
    return t;
  };
  std::vector<double> a, b, q;
  for (int r = 0; r <= rounds; ++r) {
    double x, y;
    if (r & 1) { y = time(was, "before"); x = time(now, "now"); } else { x = time(now, "now"); y = time(was, "before"); }
    if (r == 0) continue;
    a.push_back(x); b.push_back(y); q.push_back(x / y);
    std::printf("  round %d: now %.3f, before %.3f ns a key (%.3fx)\n", r, x, y, q.back());
  }
  for (auto* v : {&a, &b, &q}) std::sort(v->begin(), v->end());
  std::printf("2^%u split path, medians: now %.3f, before %.3f ns a key; now / before %.3f (%.3f-%.3f)\n", log2, a[a.size()/2], b[b.size()/2], q[q.size()/2], q.front(), q.back());
}
