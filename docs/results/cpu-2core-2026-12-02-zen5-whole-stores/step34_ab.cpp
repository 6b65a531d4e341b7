// Step 34's A/B within one process: cpu_tbb's parallel_in_place_sort with the four-way top's
// stores whole where the class's room allows (the code) and exact (probe/before34/: the headers
// at 63a8fcf, wrapped), alternated every round, which goes first too; 2^LOG2 uniform keys of TYPE
// (u32 or i32; seed 35), THREADS threads, each checked.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <oneapi/tbb/task_arena.h>
#include "parprim/host/aligned_array.hpp"
#include "parallel_in_place_sort.hpp"
namespace before {
#include "before34/four_way_split.hpp"
#include "before34/parallel_in_place_sort.hpp"
}
using namespace parprim;
template <class T>
int run(unsigned log2, int rounds, int threads) {
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<T> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  const std::uint32_t flip = std::is_signed_v<T> ? 0x80000000u : 0;
  auto* src = reinterpret_cast<const std::uint32_t*>(in.data());
  auto* dst = reinterpret_cast<std::uint32_t*>(out.data());
  tbb::task_arena arena(threads);
  cpu_tbb::parallel_in_place_sort after(arena, 8192);
  before::parprim::cpu_tbb::parallel_in_place_sort exact(arena, 8192);
  auto time = [&](auto& s, const char* what) {
    const auto t0 = std::chrono::steady_clock::now();
    arena.execute([&] { s(src, dst, n, flip); });
    const double t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
    if (!std::equal(expected.begin(), expected.end(), out.data())) { std::printf("%s WRONG\n", what); std::exit(1); }
    return t;
  };
  std::vector<double> a, b, q;
  for (int r = 0; r <= rounds; ++r) {
    double x, y;
    if (r & 1) { y = time(after, "after"); x = time(exact, "before"); } else { x = time(exact, "before"); y = time(after, "after"); }
    if (r == 0) continue;
    a.push_back(x); b.push_back(y); q.push_back(y / x);
    std::printf("  round %d: before %.3f, after %.3f ns a key (%.3fx)\n", r, x, y, q.back());
  }
  for (auto* v : {&a, &b, &q}) std::sort(v->begin(), v->end());
  std::printf("%s 2^%u, %d threads, medians: before %.3f, after %.3f ns a key; after / before %.3f (%.3f-%.3f)\n",
              std::is_signed_v<T> ? "i32" : "u32", log2, threads, a[a.size() / 2], b[b.size() / 2], q[q.size() / 2], q.front(), q.back());
  return 0;
}
int main(int argc, char** argv) {
  const bool signed_keys = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 7;
  const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
  return signed_keys ? run<std::int32_t>(log2, rounds, threads) : run<std::uint32_t>(log2, rounds, threads);
}
