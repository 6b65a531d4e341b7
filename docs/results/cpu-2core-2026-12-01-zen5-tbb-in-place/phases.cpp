// Where step 28's time goes: the top level's count and partition copy on 2 threads, then the two
// halves each sorted serially on its own thread (their durations), against cpu_seq's whole sort.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sched.h>
#include <vector>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>
#include "blocks.hpp"
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim;
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  tbb::task_arena arena(2);
  host::in_place_quicksort s0(8192), s1(8192);
  std::vector<std::uint64_t> lows(8);
  std::vector<host::vector_sort_detail::partition_cursors<std::uint64_t>> at(8);
  for (int r = 0; r < 6; ++r) {
    const auto t0 = clk::now();
    const std::uint32_t pivot = host::in_place_detail::sampled_pivot(in.data(), n, 0);
    const cpu_tbb::blocks blocks{n, 8};
    clk::time_point t1, t2, t3, h0, h1;
    arena.execute([&] {
      blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
        lows[b] = host::in_place_detail::count_below<false>(in.data() + begin, end - begin, 0, pivot);
      });
      t1 = clk::now();
      std::uint64_t total = 0; for (auto l : lows) total += l;
      std::uint64_t lo = 0, hi = total;
      for (std::uint64_t b = 0; b < 8; ++b) { hi += blocks.end(b) - blocks.begin(b) - lows[b]; at[b] = {lo, hi}; lo += lows[b]; }
      blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
        host::in_place_detail::partition_copy<false>(in.data() + begin, end - begin, 0, pivot, out.data(), at[b]);
      });
      t2 = clk::now();
      int c0 = -1, c1 = -1, i0 = -1, i1 = -1;
      tbb::parallel_invoke([&] { c0 = sched_getcpu(); i0 = tbb::this_task_arena::current_thread_index(); s0.sort_range(out.data(), total, 0, 60); h0 = clk::now(); },
                           [&] { c1 = sched_getcpu(); i1 = tbb::this_task_arena::current_thread_index(); s1.sort_range(out.data() + total, n - total, 0, 60); h1 = clk::now(); });
      std::printf("  half 0 on cpu %d thread %d, half 1 on cpu %d thread %d (main cpu %d)\n", c0, i0, c1, i1, sched_getcpu());
      t3 = clk::now();
      std::printf("2^%u: count %.2f ms, partition copy %.2f ms, halves %.1f%% / %.1f%%: %.2f and %.2f ms (wall %.2f); total %.2f ms = %.2f ns a key\n", log2,
                  ms(t0, t1), ms(t1, t2), 100.0 * total / n, 100.0 * (n - total) / n, ms(t2, h0), ms(t2, h1), ms(t2, t3), ms(t0, t3), 1e6 * ms(t0, t3) / n);
    });
    if (!std::is_sorted(out.data(), out.data() + n)) return std::puts("WRONG"), 1;
    const auto q0 = clk::now();
    s0(in.data(), out.data(), n, 0);
    const auto q1 = clk::now();
    // one half alone, serial, for the scaling
    std::printf("   cpu_seq in place whole: %.2f ms = %.2f ns a key\n", ms(q0, q1), 1e6 * ms(q0, q1) / n);
  }
}
