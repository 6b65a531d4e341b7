// Step 30's A/B within one process (docs/algorithms/cpu_sort.md): in_place_quicksort as the code
// has it (no software prefetch in the partitions) against a copy of the header before the step
// (ipq_with_prefetch.hpp: 4 KiB ahead of the end read), alternated every round, one thread;
// then cpu_tbb's parallel_in_place_sort on 2 threads, which takes the same partitions, against
// the same sort built on the copy. 2^LOG2 uniform u32 keys, seed 35, ROUNDS rounds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parallel_in_place_sort.hpp"
namespace with_prefetch { using namespace ::parprim::host; using ::parprim::host::aligned_array;
#include "ipq_with_prefetch.hpp"
}
using namespace parprim;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  host::in_place_quicksort now(8192);
  with_prefetch::parprim::host::in_place_quicksort before(8192);
  tbb::task_arena arena(2);
  cpu_tbb::parallel_in_place_sort tbb_now(arena, 8192);
  auto time = [&](auto&& fn) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
    return std::equal(expected.begin(), expected.end(), out.data()) ? ns : -1.0;
  };
  std::vector<double> a, b, q, c;
  for (int r = 0; r <= rounds; ++r) {
    const double tb = time([&] { before(in.data(), out.data(), n, 0); });
    const double tn = time([&] { now(in.data(), out.data(), n, 0); });
    const double tt = time([&] { arena.execute([&] { tbb_now(in.data(), out.data(), n, 0); }); });
    if (tb < 0 || tn < 0 || tt < 0) return std::puts("WRONG"), 1;
    if (r == 0) continue;
    a.push_back(tb); b.push_back(tn); q.push_back(tn / tb); c.push_back(tt);
    std::printf("  round %d: with prefetch %.3f, without %.3f ns a key (%.3fx); cpu_tbb's, without, 2 threads %.3f\n", r, tb, tn, tn / tb, tt);
  }
  for (auto* v : {&a, &b, &q, &c}) std::sort(v->begin(), v->end());
  std::printf("2^%u: with prefetch %.3f, without %.3f ns a key (medians); without / with median %.3f (%.3f-%.3f); cpu_tbb's 2 threads %.3f\n",
              log2, a[a.size() / 2], b[b.size() / 2], q[q.size() / 2], q.front(), q.back(), c[c.size() / 2]);
}
