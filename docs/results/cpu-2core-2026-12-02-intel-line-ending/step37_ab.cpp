// Step 37's A/B (issue 35): cpu_seq's radix_sorter::sort_array with this tree's headers against
// copies of streaming_store.hpp, write_combining_scatter.hpp, cache_radix_sort.hpp and
// hybrid_radix_sort.hpp before the step (make_before37.sh), alternated every round within one
// process on one thread, the default policy of each. 2^LOG2 uniform keys (seed 37): u32, i32,
// or pairs (u32 keys, their input indices as values: the radix passes' scatter to memory),
// ROUNDS rounds, each result checked (keys against std::sort; pairs: each value's key and the
// order of equal keys' values); prints each round and the medians.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iprobe
//   docs/results/cpu-2core-2026-12-02-intel-line-ending/step37_ab.cpp build/core/libparprim_core.a
//   -o probe/step37_ab
// Run: probe/step37_ab u32|i32|pairs LOG2 ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
namespace before {
#include "before37/streaming_store.hpp"
#include "before37/write_combining_scatter.hpp"
#include "before37/cache_radix_sort.hpp"
#include "before37/hybrid_radix_sort.hpp"
}  // namespace before

template <class T>
int run(const char* name, unsigned log2, int rounds, bool pairs) {
  using namespace parprim::host;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<T> in(n), in_values(n), out(n), out_values(n), spare(n), spare_values(n);
  std::mt19937 rng(37);
  for (std::uint64_t i = 0; i < n; ++i) {
    in.data()[i] = static_cast<T>(rng());
    in_values.data()[i] = static_cast<T>(i);
  }
  std::vector<T> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  radix_sorter<T> after(radix_sort_policy{}, pairs);
  before::parprim::host::radix_sorter<T> old(before::parprim::host::radix_sort_policy{}, pairs);
  after.reserve_array(n);
  old.reserve_array(n);
  const elements<const T> src{in.data(), pairs ? in_values.data() : nullptr};
  const elements<T> to{out.data(), pairs ? out_values.data() : nullptr};
  const elements<T> room{spare.data(), pairs ? spare_values.data() : nullptr};
  auto check = [&] {
    if (!std::equal(expected.begin(), expected.end(), out.data())) return false;
    if (!pairs) return true;
    for (std::uint64_t j = 0; j < n; ++j) {
      const T v = out_values.data()[j];
      if (v >= n || in.data()[v] != out.data()[j]) return false;
      if (j && out.data()[j - 1] == out.data()[j] && out_values.data()[j - 1] >= v) return false;
    }
    return true;
  };
  auto time = [&](auto&& fn) {
    std::memset(out.data(), 0, n * sizeof(T));
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const double t =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!check()) {
      std::printf("WRONG\n");
      std::exit(1);
    }
    return t;
  };
  auto a = [&] { old.sort_array(src, to, room, n, radix_keys<T>(false)); };
  auto b = [&] { after.sort_array(src, to, room, n, radix_keys<T>(false)); };
  time(a);
  time(b);  // warm-up of both
  std::vector<double> ta, tb, ratio;
  for (int r = 0; r < rounds; ++r) {
    double x, y;
    if (r % 2) {
      y = time(b);
      x = time(a);
    } else {
      x = time(a);
      y = time(b);
    }
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
              name, log2, median(ta), median(tb), median(ratio),
              *std::min_element(ratio.begin(), ratio.end()),
              *std::max_element(ratio.begin(), ratio.end()));
  return 0;
}

int main(int argc, char** argv) {
  const std::string kind = argc > 1 ? argv[1] : "u32";
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 9;
  if (kind == "i32") return run<std::int32_t>("i32", log2, rounds, false);
  if (kind == "pairs") return run<std::uint32_t>("pairs u32", log2, rounds, true);
  return run<std::uint32_t>("u32", log2, rounds, false);
}
