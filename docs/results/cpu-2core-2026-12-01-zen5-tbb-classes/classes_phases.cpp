// Step 29's top level alone: count_classes and classify_copy of 2^LOG2 uniform keys on 2 threads
// (8 blocks), K = 2, 4, 8, 16, and then the classes sorted (sort_range, one task a class).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include "blocks.hpp"
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim;
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
std::uint64_t counts[8][16];
template <unsigned K>
void once(const std::uint32_t* in, std::uint32_t* out, std::uint64_t n, tbb::task_arena& arena, host::in_place_quicksort* s) {
  using namespace host::in_place_detail;
  std::uint32_t pivots[K - 1];
  const auto t0 = clk::now();
  sample_pivots<K>(in, n, 0, pivots);
  const cpu_tbb::blocks blocks{n, 8};
  clk::time_point t1, t2, t3;
  arena.execute([&] {
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      std::fill_n(counts[b], K, 0);
      count_classes<K>(in + begin, end - begin, 0, pivots, counts[b]);
    });
    t1 = clk::now();
    std::uint64_t starts[K + 1], sum = 0;
    for (unsigned c = 0; c < K; ++c) { starts[c] = sum; for (int b = 0; b < 8; ++b) { auto x = counts[b][c]; counts[b][c] = sum; sum += x; } }
    starts[K] = sum;
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      classify_copy<K>(in + begin, end - begin, 0, pivots, out, counts[b]);
    });
    t2 = clk::now();
    tbb::parallel_for(0u, K, [&](unsigned c) { s[tbb::this_task_arena::current_thread_index()].sort_range(out + starts[c], starts[c + 1] - starts[c], 0, 60); });
    t3 = clk::now();
  });
  std::printf("K=%2u: count %.2f ms (%.3f ns a key), copy %.2f ms (%.3f), classes %.2f ms; total %.2f ns a key\n", K, ms(t0, t1), 1e6 * ms(t0, t1) / n, ms(t1, t2), 1e6 * ms(t1, t2) / n, ms(t2, t3), 1e6 * ms(t0, t3) / n);
  if (!std::is_sorted(out, out + n)) std::puts("WRONG");
}
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::fill_n(out.data(), n, 0);
  tbb::task_arena arena(2);
  host::in_place_quicksort s[2] = {host::in_place_quicksort(8192), host::in_place_quicksort(8192)};
  for (int r = 0; r < 3; ++r) { once<2>(in.data(), out.data(), n, arena, s); once<4>(in.data(), out.data(), n, arena, s); once<8>(in.data(), out.data(), n, arena, s); once<16>(in.data(), out.data(), n, arena, s); }
}
