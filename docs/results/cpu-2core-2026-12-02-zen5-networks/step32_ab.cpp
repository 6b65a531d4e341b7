// Step 32's A/B within one process: cpu_seq's in-place sort (host::in_place_quicksort, one
// thread) and cpu_tbb's (parallel_in_place_sort, THREADS threads) with the headers as they are
// against copies of them before the change (probe/before/, each wrapped in namespace before),
// alternated every round, which goes first too. 2^LOG2 uniform keys of TYPE (u32 or i32; seed
// 35), ROUNDS rounds, each sort checked against std::sort. Build from the repository root:
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_tbb \
//       -Iprobe docs/results/cpu-2core-2026-12-02-zen5-networks/step32_ab.cpp -ltbb -o probe/step32_ab
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <oneapi/tbb/task_arena.h>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#include "parallel_in_place_sort.hpp"
namespace before {
#include "before/vector_sorting_network.hpp"
#include "before/vector_quicksort.hpp"
#include "before/in_place_quicksort.hpp"
#include "before/parallel_in_place_sort.hpp"
}
using namespace parprim;
template <class T>
int run(unsigned log2, int rounds, int threads) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  const std::uint32_t flip = std::is_signed_v<T> ? 0x80000000u : 0;
  auto* src = reinterpret_cast<const std::uint32_t*>(in.data());
  auto* dst = reinterpret_cast<std::uint32_t*>(out.data());
  tbb::task_arena arena(threads);
  host::in_place_quicksort seq_now(8192);
  before::parprim::host::in_place_quicksort seq_before(8192);
  cpu_tbb::parallel_in_place_sort tbb_now(arena, 8192);
  before::parprim::cpu_tbb::parallel_in_place_sort tbb_before(arena, 8192);
  auto time = [&](auto&& fn, const char* what) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
    if (!std::equal(expected.begin(), expected.end(), out.data())) { std::printf("%s WRONG\n", what); std::exit(1); }
    return t;
  };
  auto sn = [&] { seq_now(src, dst, n, flip); };
  auto sb = [&] { seq_before(src, dst, n, flip); };
  auto tn = [&] { arena.execute([&] { tbb_now(src, dst, n, flip); }); };
  auto tb = [&] { arena.execute([&] { tbb_before(src, dst, n, flip); }); };
  std::vector<double> t[4], qs, qt;
  for (int r = 0; r <= rounds; ++r) {
    double x[4];
    if (r & 1) { x[1] = time(sb, "seq before"); x[0] = time(sn, "seq now"); x[3] = time(tb, "tbb before"); x[2] = time(tn, "tbb now"); }
    else { x[0] = time(sn, "seq now"); x[1] = time(sb, "seq before"); x[2] = time(tn, "tbb now"); x[3] = time(tb, "tbb before"); }
    if (r == 0) continue;
    for (int k = 0; k < 4; ++k) t[k].push_back(x[k]);
    qs.push_back(x[0] / x[1]); qt.push_back(x[2] / x[3]);
    std::printf("  round %d: cpu_seq %.3f / %.3f (%.3fx), cpu_tbb %.3f / %.3f (%.3fx) ns a key\n", r, x[0], x[1], qs.back(), x[2], x[3], qt.back());
  }
  for (auto* v : {&t[0], &t[1], &t[2], &t[3], &qs, &qt}) std::sort(v->begin(), v->end());
  const auto m = [](const std::vector<double>& v) { return v[v.size() / 2]; };
  std::printf("%s 2^%u, medians: cpu_seq %.3f now / %.3f before = %.3fx (%.3f-%.3f); cpu_tbb (%d threads) %.3f / %.3f = %.3fx (%.3f-%.3f)\n",
              std::is_signed_v<T> ? "i32" : "u32", log2, m(t[0]), m(t[1]), m(qs), qs.front(), qs.back(), threads, m(t[2]), m(t[3]), m(qt), qt.front(), qt.back());
  return 0;
}
int main(int argc, char** argv) {
  const bool signed_keys = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 7;
  const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
  if (!host::in_place_partitions_pay()) std::puts("(this CPU does not take the in-place path in the plugins)");
  return signed_keys ? run<std::int32_t>(log2, rounds, threads) : run<std::uint32_t>(log2, rounds, threads);
}
