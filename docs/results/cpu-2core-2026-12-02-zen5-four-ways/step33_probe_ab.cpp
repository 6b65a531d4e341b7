// Step 33's A/B within one process: cpu_tbb's parallel_in_place_sort with the top level two
// ways (the code) and four ways (probe/var4/), alternated every round, which goes first too;
// 2^LOG2 uniform keys of TYPE (u32 or i32; seed 35), THREADS threads, each checked. Also the
// top level alone of each (count and copy, no sort below), to see what it costs.
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
#include "var4/four_way.hpp"
namespace var4 {
#include "var4/parallel_in_place_sort.hpp"
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
  cpu_tbb::parallel_in_place_sort two(arena, 8192);
  var4::parprim::cpu_tbb::parallel_in_place_sort four(arena, 8192);
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
    if (r & 1) { y = time(four, "four"); x = time(two, "two"); } else { x = time(two, "two"); y = time(four, "four"); }
    if (r == 0) continue;
    a.push_back(x); b.push_back(y); q.push_back(y / x);
    std::printf("  round %d: two ways %.3f, four ways %.3f ns a key (%.3fx)\n", r, x, y, q.back());
  }
  for (auto* v : {&a, &b, &q}) std::sort(v->begin(), v->end());
  std::printf("%s 2^%u, %d threads, medians: two ways %.3f, four ways %.3f ns a key; four / two %.3f (%.3f-%.3f)\n",
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
