// Step 27's A/B within one process (docs/algorithms/cpu_sort.md): radix_sorter::sort_array as
// cpu_seq runs it, with the policy's in_place_partitions false (the split) and true (the
// partitions in place), alternated every round so that both see the same minute of a noisy
// machine. 2^LOG2 uniform keys of TYPE (u32 or i32; seed 35), ROUNDS rounds; each sort checked
// against std::sort in round 0. Prints each round's ns a key and ratio, then the medians.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include ab_probe.cpp
//        build/core/libparprim_core.a -static -o probe/ab_probe
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;

template <class T>
int run(unsigned log2, int rounds) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  radix_sort_policy split_policy, in_place_policy;
  split_policy.in_place_partitions = false;
  in_place_policy.in_place_partitions = true;
  radix_sorter<T> split(split_policy, false), in_place(in_place_policy, false);
  split.reserve_array(n);
  in_place.reserve_array(n);
  const radix_keys<T> keys(false);
  auto time = [&](radix_sorter<T>& sorter) {
    const auto t0 = std::chrono::steady_clock::now();
    sorter.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, keys);
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
           double(n);
  };
  std::vector<double> a, b, q;
  for (int r = 0; r <= rounds; ++r) {  // round 0 pays the arrays' first touch: not counted
    const double t_split = time(split);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("split WRONG"), 1;
    const double t_in_place = time(in_place);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("in place WRONG"), 1;
    if (r == 0) continue;
    a.push_back(t_split);
    b.push_back(t_in_place);
    q.push_back(t_in_place / t_split);
    std::printf("  round %d: split %.2f in place %.2f ns a key (%.3fx)\n", r, t_split, t_in_place, q.back());
  }
  for (auto* v : {&a, &b, &q}) std::sort(v->begin(), v->end());
  std::printf("2^%u: split %.2f, in place %.2f ns a key (medians); ratio median %.3f, range %.3f-%.3f\n",
              log2, a[a.size() / 2], b[b.size() / 2], q[q.size() / 2], q.front(), q.back());
  return 0;
}

int main(int argc, char** argv) {
  const bool signed_keys = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 9;
  std::printf("%s, 2^%u keys, in_place_partitions_pay() %d\n", signed_keys ? "i32" : "u32", log2,
              int(in_place_partitions_pay()));
  return signed_keys ? run<std::int32_t>(log2, rounds) : run<std::uint32_t>(log2, rounds);
}
