// Issue 35: what sets cpu_seq's pace on the GPU machine's Emerald Rapids host from one process to
// the next (98-163 ms at 2^24 over the eight status runs of 12-07 09:53 UTC, 0.4-2.5% within a
// run). One process: 2^24 uniform u32 keys (seed 35) in arrays from allocate_host_memory (as the
// runner's buffers), then the median of 9 copies of the keys (memcpy, 64 MiB) and the median of
// 9 sorts by cpu_seq's radix_sorter::sort_array (its default policy, checked against std::sort
// once), the process's AnonHugePages (/proc/self/smaps_rollup) and the CPU it ran on before and
// after. Prints one line; run it as many processes as there is time for.
// Build (here, from the repository root, after build/):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//     docs/results/gpuhost-2026-12-07-process-swing/swing_probe.cpp build/core/libparprim_core.a
//     -static-libstdc++ -static-libgcc -o .device/swing_probe
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

namespace {

long anon_huge_kib() {
  std::ifstream rollup("/proc/self/smaps_rollup");
  std::string key;
  long value = -1;
  while (rollup >> key) {
    if (key == "AnonHugePages:") {
      rollup >> value;
      return value;
    }
  }
  return -1;
}

template <class F>
double median_ms(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main() {
  using namespace parprim::host;
  using T = std::uint32_t;
  const int cpu_before = sched_getcpu();
  const std::uint64_t n = std::uint64_t(1) << 24;
  aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::memset(out.data(), 0, n * sizeof(T));
  std::memset(spare.data(), 0, n * sizeof(T));
  radix_sorter<T> sorter(radix_sort_policy{}, false);
  sorter.reserve_array(n);
  const elements<const T> src{in.data(), nullptr};
  const elements<T> to{out.data(), nullptr}, room{spare.data(), nullptr};
  sorter.sort_array(src, to, room, n, radix_keys<T>(false));
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  const bool ok = std::equal(expected.begin(), expected.end(), out.data());
  const double copy = median_ms(9, [&] { std::memcpy(out.data(), in.data(), n * sizeof(T)); });
  const double sort =
      median_ms(9, [&] { sorter.sort_array(src, to, room, n, radix_keys<T>(false)); });
  std::printf("cpu %d->%d anon_huge_kib %ld copy_ms %.2f sort_ms %.2f %s\n", cpu_before,
              sched_getcpu(), anon_huge_kib(), copy, sort, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
