// Step 29's A/B within one process (docs/algorithms/cpu_sort.md): cpu_tbb's parallel_in_place_sort
// on 2 threads with its top level 2 ways (class_bytes past the array: step 28's shape) and K ways
// (the default classes of at most 8 MiB), and the plan's counted parallel split (the policy's
// in_place_partitions false), alternated every round. 2^LOG2 uniform keys of TYPE (u32 or i32;
// seed 35), ROUNDS rounds; each sort checked against std::sort in round 0.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iplugins/cpu_tbb
//        classes_ab.cpp build/core/libparprim_core.a -ltbb -o probe/classes_ab
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parallel_in_place_sort.hpp"
#include "parallel_radix_sort.hpp"

using namespace parprim;

template <class T>
int run(unsigned log2, int rounds) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = std::is_signed_v<T> ? PARPRIM_I32 : PARPRIM_U32;
  host::radix_sort_policy split_policy;
  split_policy.in_place_partitions = false;
  cpu_tbb::parallel_radix_sort_plan<T> split(p, n, 2, split_policy);
  tbb::task_arena arena(2);
  cpu_tbb::parallel_in_place_sort two_ways(arena, 8192, ~std::uint64_t{0} / 4), k_ways(arena, 8192);
  const auto flip = static_cast<std::uint32_t>(host::radix_keys<T>(false)(T{0}));
  const auto* keys_in = reinterpret_cast<const std::uint32_t*>(in.data());
  auto* keys_out = reinterpret_cast<std::uint32_t*>(out.data());
  parprim_io io{sizeof(parprim_io), in.data(), out.data(), nullptr, nullptr, nullptr, nullptr};
  auto time = [&](auto&& fn) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
  };
  auto run_split = [&] { split.run(io); };
  auto run_two = [&] { arena.execute([&] { two_ways(keys_in, keys_out, n, flip); }); };
  auto run_k = [&] { arena.execute([&] { k_ways(keys_in, keys_out, n, flip); }); };
  std::vector<double> a, b, c, q, qs;
  for (int r = 0; r <= rounds; ++r) {
    const double ts = time(run_split);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("split WRONG"), 1;
    const double t2 = time(run_two);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("2 ways WRONG"), 1;
    const double tk = time(run_k);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("K ways WRONG"), 1;
    if (r == 0) continue;
    a.push_back(ts); b.push_back(t2); c.push_back(tk); q.push_back(tk / t2); qs.push_back(tk / ts);
    std::printf("  round %d: split %.2f, 2 ways %.2f, K ways %.2f ns a key (K / 2 ways %.3fx, K / split %.3fx)\n", r, ts, t2, tk, q.back(), qs.back());
  }
  for (auto* v : {&a, &b, &c, &q, &qs}) std::sort(v->begin(), v->end());
  std::printf("2^%u: split %.2f, 2 ways %.2f, K ways %.2f ns a key (medians); K / 2 ways median %.3f (%.3f-%.3f), K / split median %.3f (%.3f-%.3f)\n",
              log2, a[a.size() / 2], b[b.size() / 2], c[c.size() / 2], q[q.size() / 2], q.front(), q.back(), qs[qs.size() / 2], qs.front(), qs.back());
  return 0;
}

int main(int argc, char** argv) {
  const bool signed_keys = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 7;
  std::printf("%s, 2^%u keys, 2 threads\n", signed_keys ? "i32" : "u32", log2);
  return signed_keys ? run<std::int32_t>(log2, rounds) : run<std::uint32_t>(log2, rounds);
}
