// The in-cache vector quicksort (vector_quicksort.hpp) on ROWS rows of COLS uniform u32 keys,
// each row sorted in turn (its two buffers in cache, the result copied back), against
// np_rows2.py's np.sort of the same shapes (rows along the last axis). Median and minimum of 9
// rounds, ns a key; every row checked sorted.
// Build (from the repository root): g++ -std=c++20 -O3 -DNDEBUG -Iplugins/host_common/include
//   docs/results/cpu-2core-2026-12-05-intel/vq_rows.cpp -o probe/vq_rows
// Run: probe/vq_rows ROWS COLS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/vector_quicksort.hpp"
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned rows = std::atoi(argv[1]), cols = std::atoi(argv[2]);
  const std::size_t n = std::size_t(rows) * cols;
  aligned_array<std::uint32_t> a(n), b(n), buf0(cols), buf1(cols);
  std::mt19937 rng(1);
  for (std::size_t i = 0; i < n; ++i) a.data()[i] = rng();
  std::uint32_t* bufs[2] = {buf0.data(), buf1.data()};
  std::vector<double> ts;
  for (int r = 0; r < 9; ++r) {
    std::copy(a.data(), a.data() + n, b.data());
    auto t0 = std::chrono::steady_clock::now();
    for (unsigned k = 0; k < rows; ++k) {
      std::uint32_t* row = b.data() + std::size_t(k) * cols;
      vector_quicksort(row, cols, 0, bufs, [&](const std::uint32_t* s) { std::copy(s, s + cols, row); });
    }
    ts.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n);
  }
  for (unsigned k = 0; k < rows; ++k) if (!std::is_sorted(b.data() + std::size_t(k)*cols, b.data()+std::size_t(k+1)*cols)) { std::puts("WRONG"); return 1; }
  std::sort(ts.begin(), ts.end());
  std::printf("%u x %u: median %.3f min %.3f ns/key\n", rows, cols, ts[4], ts[0]);
}
