// The in-place sort's leaves sorted with the range itself as the result buffer (no copy back)
// against the copy back, and leaf sizes 4096 / 8192 / 16384, alternated every round; one thread.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  struct variant { const char* name; std::uint32_t leaf; bool in_range; };
  const variant variants[] = {{"copy back 8192", 8192, false}, {"in range 8192", 8192, true}, {"in range 4096", 4096, true}, {"in range 16384", 16384, true}};
  std::vector<in_place_quicksort> sorts;
  for (const auto& v : variants) { sorts.emplace_back(v.leaf); sorts.back().probe_leaf_in_range = v.in_range; }
  std::vector<std::vector<double>> t(4), q(4);
  for (int r = 0; r <= rounds; ++r) {
    double base = 0;
    for (int k = 0; k < 4; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      sorts[k](in.data(), out.data(), n, 0);
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
      if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::printf("%s WRONG\n", variants[k].name), 1;
      if (k == 0) base = ns;
      if (r) { t[k].push_back(ns); q[k].push_back(ns / base); }
    }
  }
  for (int k = 0; k < 4; ++k) {
    std::sort(t[k].begin(), t[k].end()); std::sort(q[k].begin(), q[k].end());
    std::printf("2^%u %-15s: %.3f ns a key (median), / copy back 8192 median %.3f (%.3f-%.3f)\n", log2, variants[k].name, t[k][t[k].size() / 2], q[k][q[k].size() / 2], q[k].front(), q[k].back());
  }
}
