// Step 28's A/B within one process: cpu_tbb's radix plan with the policy's in_place_partitions
// false (the counted parallel split) and true (parallel_in_place_sort), alternated every round;
// cpu_seq's radix_sorter::sort_array in place beside them (one thread). 2^LOG2 uniform keys of
// TYPE (u32 or i32; seed 35), ROUNDS rounds; each sort checked against std::sort in round 0.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parallel_radix_sort.hpp"

using namespace parprim;

template <class T>
int run(unsigned log2, int rounds, int threads) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = std::is_signed_v<T> ? PARPRIM_I32 : PARPRIM_U32;
  host::radix_sort_policy split_policy, in_place_policy;
  split_policy.in_place_partitions = false;
  in_place_policy.in_place_partitions = true;
  cpu_tbb::parallel_radix_sort_plan<T> split(p, n, threads, split_policy), in_place(p, n, threads, in_place_policy);
  host::radix_sorter<T> seq(in_place_policy, false);
  seq.reserve_array(n);
  parprim_io io{sizeof(parprim_io), in.data(), out.data(), nullptr, nullptr, nullptr, nullptr};
  auto time = [&](auto&& fn) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
  };
  auto run_split = [&] { split.run(io); };
  auto run_in_place = [&] { in_place.run(io); };
  auto run_seq = [&] { seq.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, host::radix_keys<T>(false)); };
  std::vector<double> a, b, c, q, r2;
  for (int r = 0; r <= rounds; ++r) {
    const double ts = time(run_split);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("split WRONG"), 1;
    const double ti = time(run_in_place);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("in place WRONG"), 1;
    const double tq = time(run_seq);
    if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::puts("seq WRONG"), 1;
    if (r == 0) continue;
    a.push_back(ts); b.push_back(ti); c.push_back(tq); q.push_back(ti / ts); r2.push_back(ti / tq);
    std::printf("  round %d: split %.2f, in place %.2f, cpu_seq %.2f ns a key (%.3fx split, %.3fx cpu_seq)\n", r, ts, ti, tq, q.back(), r2.back());
  }
  for (auto* v : {&a, &b, &c, &q, &r2}) std::sort(v->begin(), v->end());
  std::printf("2^%u: split %.2f, in place %.2f, cpu_seq %.2f ns a key (medians); in place / split median %.3f (%.3f-%.3f), / cpu_seq median %.3f (%.3f-%.3f)\n",
              log2, a[a.size() / 2], b[b.size() / 2], c[c.size() / 2], q[q.size() / 2], q.front(), q.back(), r2[r2.size()/2], r2.front(), r2.back());
  return 0;
}

int main(int argc, char** argv) {
  const bool signed_keys = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 9;
  const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
  std::printf("%s, 2^%u keys, %d threads, in_place_partitions_pay() %d\n", signed_keys ? "i32" : "u32", log2, threads,
              int(host::in_place_partitions_pay()));
  return signed_keys ? run<std::int32_t>(log2, rounds, threads) : run<std::uint32_t>(log2, rounds, threads);
}
