// The loop of the in-process probes of the CPU sorts (docs/algorithms/cpu_sort.md): plans run
// one after another in one process, each round another one first, so that the VM's spells and a
// process's own pace fall on every plan alike; the first round warms up and is not counted, and
// each plan's output is checked after each run. The probes before 2026-12-08 (step*_ab.cpp in
// their records) each wrote this loop out; a new probe includes this header instead
// (-Idocs/results/probe_support).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "parprim/plugin.hpp"

namespace parprim::probe {

struct named_plan {
  const char* name;
  plan* p;
};

/// Each plan's time of each counted round, in ns a key: times[plan][round].
using round_times = std::vector<std::vector<double>>;

/// Runs `rounds` + 1 rounds of every plan on `io`, zeroing `out_bytes` of io.out before each
/// run and calling `correct()` after it; fills `times`. Returns false (after saying which plan)
/// when an output was wrong.
inline bool alternate(const std::vector<named_plan>& plans, const parprim_io& io,
                      std::size_t out_bytes, std::uint64_t n, int rounds,
                      const std::function<bool()>& correct, round_times& times) {
  times.assign(plans.size(), {});
  for (int r = 0; r <= rounds; ++r) {
    std::vector<double> round(plans.size());
    for (std::size_t k = 0; k < plans.size(); ++k) {
      const std::size_t w = (k + static_cast<std::size_t>(r)) % plans.size();
      std::memset(io.out, 0, out_bytes);
      const auto t0 = std::chrono::steady_clock::now();
      plans[w].p->run(io);
      round[w] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count() / double(n);
      if (!correct()) {
        std::printf("%s WRONG\n", plans[w].name);
        return false;
      }
    }
    if (r == 0) continue;
    for (std::size_t k = 0; k < plans.size(); ++k) times[k].push_back(round[k]);
  }
  return true;
}

/// A sort's problem as the plugins' plans take it.
inline problem sort_problem(parprim_dtype dtype, parprim_sort_payload payload) {
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = dtype;
  p.sort_payload = payload;
  return p;
}

/// n uniform keys of `seed` (the probes' 64-bit Mersenne twister, truncated to T).
template <class T>
void fill_uniform(T* keys, std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::uint64_t i = 0; i < n; ++i) keys[i] = static_cast<T>(rng());
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// The median over rounds of plan a's time over plan b's in the same round.
inline double median_ratio(const round_times& times, std::size_t a, std::size_t b) {
  std::vector<double> ratio;
  for (std::size_t r = 0; r < times[a].size(); ++r) ratio.push_back(times[a][r] / times[b][r]);
  return median(ratio);
}

}  // namespace parprim::probe
