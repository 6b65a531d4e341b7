// in_place_quicksort with leaves of 256-8192 keys (below 8192 the in-place partitions go on
// down to them, the vector quicksort's buffers used for what is left), alternated every round
// against the code's 8192; one thread, 2^LOG2 uniform u32 keys, seed 35.
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
  const std::uint32_t leaves[] = {8192, 256, 512, 1024, 2048};
  std::vector<in_place_quicksort> sorts;
  for (auto l : leaves) sorts.emplace_back(l);
  std::vector<std::vector<double>> t(5), q(5);
  for (int r = 0; r <= rounds; ++r) {
    double base = 0;
    for (int k = 0; k < 5; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      sorts[k](in.data(), out.data(), n, 0);
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
      if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::printf("leaf %u WRONG\n", leaves[k]), 1;
      if (k == 0) base = ns;
      if (r) { t[k].push_back(ns); q[k].push_back(ns / base); }
    }
  }
  for (int k = 0; k < 5; ++k) {
    std::sort(t[k].begin(), t[k].end()); std::sort(q[k].begin(), q[k].end());
    std::printf("2^%u leaves of %5u: %.3f ns a key (median), / 8192 median %.3f (%.3f-%.3f)\n", log2, leaves[k], t[k][t[k].size() / 2], q[k][q[k].size() / 2], q[k].front(), q[k].back());
  }
}
