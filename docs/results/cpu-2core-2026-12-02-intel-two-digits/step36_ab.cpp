// Step 36's A/B (issue 35): cpu_seq's radix_sorter::sort_array with this tree's headers against
// copies of cache_radix_sort.hpp and hybrid_radix_sort.hpp before the step (make_before36.sh),
// alternated every round within one process on one thread, the default policy of each (on this
// CPU the split, its buckets in cache). 2^LOG2 uniform keys of T (u32 or i32, seed 36), ROUNDS
// rounds, each result checked against std::sort; prints each round and the medians.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iprobe
//   docs/results/cpu-2core-2026-12-02-intel-two-digits/step36_ab.cpp build/core/libparprim_core.a
//   -o probe/step36_ab
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
namespace before {
#include "before36/cache_radix_sort.hpp"
#include "before36/hybrid_radix_sort.hpp"
}  // namespace before

template <class T>
int run(unsigned log2, int rounds) {
  using namespace parprim::host;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<T> in(n), out(n), spare(n);
  std::mt19937 rng(36);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<T>(rng());
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  radix_sorter<T> after(radix_sort_policy{}, false);
  before::parprim::host::radix_sorter<T> old(before::parprim::host::radix_sort_policy{}, false);
  after.reserve_array(n);
  old.reserve_array(n);
  auto time = [&](auto&& fn) {
    std::memset(out.data(), 0, n * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double t =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("WRONG\n");
      std::exit(1);
    }
    return t;
  };
  auto a = [&] { old.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, radix_keys<T>(false)); };
  auto b = [&] { after.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, radix_keys<T>(false)); };
  time(a);
  time(b);  // warm-up of both
  std::vector<double> ta, tb, ratio;
  for (int r = 0; r < rounds; ++r) {
    const bool b_first = r % 2;
    double x, y;
    if (b_first) { y = time(b); x = time(a); } else { x = time(a); y = time(b); }
    ta.push_back(x);
    tb.push_back(y);
    ratio.push_back(y / x);
    std::printf("  round %d: before %.3f, after %.3f (%.3fx) ns a key\n", r, x, y, y / x);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("%s 2^%u medians: before %.3f, after %.3f ns a key; ratio median %.3fx (%.3f-%.3f)\n",
              std::is_signed_v<T> ? "i32" : "u32", log2, median(ta), median(tb), median(ratio),
              *std::min_element(ratio.begin(), ratio.end()),
              *std::max_element(ratio.begin(), ratio.end()));
  return 0;
}

int main(int argc, char** argv) {
  const bool i32 = argc > 1 && std::strcmp(argv[1], "i32") == 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 9;
  return i32 ? run<std::int32_t>(log2, rounds) : run<std::uint32_t>(log2, rounds);
}
