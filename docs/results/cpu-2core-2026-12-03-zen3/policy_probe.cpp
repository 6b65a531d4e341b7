// Zen 3 probe (issue 35): cpu_seq's radix_sorter::sort_array under several radix_sort_policy
// settings (the split's and the cache sort's widest digit, the counted split, a smaller cache
// sort), alternated every round within one process on one thread (the order reversed every
// other round). 2^LOG2 uniform u32 keys (seed 38), each result checked against std::sort.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//   docs/results/cpu-2core-2026-12-03-zen3/policy_probe.cpp build/core/libparprim_core.a
//   -o probe/policy_probe
// Run: probe/policy_probe LOG2 ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;
using T = std::uint32_t;

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(38);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  struct named {
    std::string name;
    radix_sort_policy p;
  };
  std::vector<named> ps;
  ps.push_back({"default", {}});
  {
    radix_sort_policy p;
    p.max_bits = 10;
    ps.push_back({"max_bits10", p});
  }
  {
    radix_sort_policy p;
    p.max_bits = 9;
    ps.push_back({"max_bits9", p});
  }
  {
    radix_sort_policy p;
    p.max_bits = 8;
    ps.push_back({"max_bits8", p});
  }
  {
    radix_sort_policy p;
    p.split_without_count = false;
    ps.push_back({"counted", p});
  }
  {
    radix_sort_policy p;
    p.cache_bytes = 128u << 10;
    ps.push_back({"cache128k", p});
  }
  std::vector<std::unique_ptr<radix_sorter<T>>> sorters;
  for (auto& x : ps) {
    sorters.push_back(std::make_unique<radix_sorter<T>>(x.p, false));
    sorters.back()->reserve_array(n);
  }
  auto time = [&](std::size_t k) {
    std::memset(out.data(), 0, n * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    sorters[k]->sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n,
                           radix_keys<T>(false));
    const double t =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("WRONG %s\n", ps[k].name.c_str());
      std::exit(1);
    }
    return t;
  };
  for (std::size_t k = 0; k < ps.size(); ++k) time(k);
  std::vector<std::vector<double>> ratio(ps.size()), t(ps.size());
  for (int r = 0; r < rounds; ++r) {
    std::vector<double> tr(ps.size());
    for (std::size_t j = 0; j < ps.size(); ++j) {
      const std::size_t k = (r % 2) ? ps.size() - 1 - j : j;
      tr[k] = time(k);
    }
    std::printf("round %d:", r);
    for (std::size_t k = 0; k < ps.size(); ++k) {
      t[k].push_back(tr[k]);
      ratio[k].push_back(tr[k] / tr[0]);
      std::printf(" %s %.3f", ps[k].name.c_str(), tr[k]);
    }
    std::printf("\n");
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  for (std::size_t k = 0; k < ps.size(); ++k)
    std::printf("2^%u %-11s median %.3f ns a key, ratio to default median %.3fx\n", log2,
                ps[k].name.c_str(), median(t[k]), median(ratio[k]));
}
