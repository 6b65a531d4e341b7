// Step 39's A/B: the cache sort's wide digits up to its capacity (the code on a CPU without
// AVX-512) against its digits narrowed past 64 KiB (the policy's cache_narrows_digits true: the
// code before step 39), in cpu_seq's sort on one thread and cpu_tbb's on 2, alternated in one
// process (each round another plan goes first, the first round not counted); 2^LOG2 uniform
// keys (seed 39), u32 or u64, keys only or pairs (the value: the key's index), each sort checked
// against std::stable_sort.
// Build (from the repository root, after build/ is built):
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_seq
//     -Iplugins/cpu_tbb docs/results/cpu-2core-2026-12-03-zen3-wide-digits/step39_ab.cpp
//     build/core/libparprim_core.a -ltbb -o probe/step39_ab
// Run: probe/step39_ab u32|u64 keys|pairs LOG2 ROUNDS
// With -DCAPACITY_KIB=512 (built as probe/capacity_ab: the lead after step 39, capacity_ab.txt)
// it compares instead cache sorts of that many KiB (the policy's cache_bytes) against the
// default policy's 256 KiB, its output's "wide" the larger and "narrow" the default.
// With -DTWO_DIGITS (built as probe/two_digits_ab: cpu_sort.md step 41) it compares the cache
// sort's ranges of two digits by the vector quicksort (the policy's radix_keeps_two_digits
// false), its output's "wide", against the radix passes (true), its "narrow".
// With -DSPLIT_BITS=N (built as probe/split_bits_ab: a probe after step 42 on Zen 4) it
// compares the policy's widest digit (max_bits: the split's width) of N bits, "wide", against
// the default 11, "narrow". With -DIN_PLACE (built as probe/in_place_ab: cpu_sort.md step 43)
// it compares whole arrays of keys-only 32-bit integers partitioned in place (the policy's
// in_place_partitions true), "wide", against the split (false), "narrow". With -DTBB_SPLIT
// (built as probe/tbb_split_ab: after step 48 on the Intel VM, cpu_sort.md) it compares cpu_tbb's
// whole arrays split with no count (the policy's parallel_in_place_max_keys 0), "wide",
// against the Intel rule's partitions in place up to 2^25 keys, "narrow"; cpu_seq's two plans
// are then the same code, their ratio the instrument's own spread.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "parallel_radix_sort.hpp"
#include "radix_sort_plan.hpp"

using namespace parprim;

template <class T>
int run(parprim_dtype dtype, bool pairs, unsigned log2, int rounds) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n), values_in(pairs ? n : 0), values_out(pairs ? n : 0);
  std::mt19937_64 rng(39);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  if (pairs) std::iota(values_in.data(), values_in.data() + n, T(0));
  std::vector<std::uint64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint64_t a, std::uint64_t b) { return in.data()[a] < in.data()[b]; });
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = dtype;
  p.sort_payload = pairs ? PARPRIM_SORT_PAIRS : PARPRIM_SORT_KEYS;
  host::radix_sort_policy wide, narrow;
#if defined(CAPACITY_KIB)
  wide.cache_bytes = std::uint64_t(CAPACITY_KIB) << 10;
#elif defined(IN_PLACE)
  wide.in_place_partitions = true;
  narrow.in_place_partitions = false;
#elif defined(TBB_SPLIT)
  wide.parallel_in_place_max_keys = 0;
#elif defined(SPLIT_BITS)
  wide.max_bits = SPLIT_BITS;
#elif defined(TWO_DIGITS)
  wide.radix_keeps_two_digits = false;
  narrow.radix_keeps_two_digits = true;
#else
  wide.cache_narrows_digits = false;
  narrow.cache_narrows_digits = true;
#endif
  cpu_seq::radix_sort_plan<T> seq_wide(p, n, wide), seq_narrow(p, n, narrow);
  cpu_tbb::parallel_radix_sort_plan<T> tbb_wide(p, n, 2, wide), tbb_narrow(p, n, 2, narrow);
  parprim_io io{};
  io.struct_size = sizeof io;
  io.in = in.data();
  io.out = out.data();
  io.values_in = pairs ? values_in.data() : nullptr;
  io.values_out = pairs ? values_out.data() : nullptr;
  constexpr int plans = 4;
  plan* plan_of[plans] = {&seq_wide, &seq_narrow, &tbb_wide, &tbb_narrow};
  const char* names[plans] = {"cpu_seq wide", "cpu_seq narrow", "tbb2 wide", "tbb2 narrow"};
  std::vector<double> t[plans], seq_ratio, tbb_ratio;
  for (int r = 0; r <= rounds; ++r) {
    double round[plans];
    for (int k = 0; k < plans; ++k) {
      const int w = (k + r) % plans;
      std::memset(out.data(), 0, n * sizeof(T));
      const auto t0 = std::chrono::steady_clock::now();
      plan_of[w]->run(io);
      round[w] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                     .count() / double(n);
      for (std::uint64_t i = 0; i < n; ++i)
        if (out.data()[i] != in.data()[order[i]] || (pairs && values_out.data()[i] != T(order[i]))) {
          std::printf("%s WRONG at %llu\n", names[w], static_cast<unsigned long long>(i));
          return 1;
        }
    }
    if (r == 0) continue;
    for (int k = 0; k < plans; ++k) t[k].push_back(round[k]);
    seq_ratio.push_back(round[0] / round[1]);
    tbb_ratio.push_back(round[2] / round[3]);
    std::printf("  round %d: wide/narrow cpu_seq %.3f, cpu_tbb 2 threads %.3f\n", r,
                seq_ratio.back(), tbb_ratio.back());
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  auto low = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  auto high = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
  std::printf("%s %s 2^%u, medians of %d rounds (ns a key):", sizeof(T) == 8 ? "u64" : "u32",
              pairs ? "pairs" : "keys", log2, rounds);
  for (int k = 0; k < plans; ++k) std::printf(" %s %.3f", names[k], median(t[k]));
  std::printf("\n  by each round's ratio, wide/narrow: cpu_seq %.3f (%.3f-%.3f), cpu_tbb 2 threads "
              "%.3f (%.3f-%.3f)\n",
              median(seq_ratio), low(seq_ratio), high(seq_ratio), median(tbb_ratio),
              low(tbb_ratio), high(tbb_ratio));
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s u32|u64 keys|pairs LOG2 ROUNDS\n", argv[0]);
    return 2;
  }
  const std::string type = argv[1];
  const bool pairs = std::string(argv[2]) == "pairs";
  const unsigned log2 = std::atoi(argv[3]);
  const int rounds = std::atoi(argv[4]);
  return type == "u64" ? run<std::uint64_t>(PARPRIM_U64, pairs, log2, rounds)
                       : run<std::uint32_t>(PARPRIM_U32, pairs, log2, rounds);
}
