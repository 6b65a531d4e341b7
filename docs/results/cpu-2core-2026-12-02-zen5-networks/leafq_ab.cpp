// Rows of ROW keys (uniform u32, seed 35) sorted by vector_quicksort (the code) and by a copy
// in var/vq.hpp, alternated every round; ns a key, medians and the ratio's range.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/vector_quicksort.hpp"
namespace var {
#include "var/vsn.hpp"
#include "var/vq.hpp"
}
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 22;
  const unsigned row = argc > 2 ? std::atoi(argv[2]) : 8192;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 15;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), a(n), b0(row), b1(row);
  std::uint32_t* bufs[2] = {b0.data(), b1.data()};
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  auto now = [] { return std::chrono::steady_clock::now(); };
  auto run = [&](auto sorter) {
    std::copy(in.data(), in.data() + n, a.data());
    const auto t0 = now();
    for (std::uint64_t i = 0; i < n; i += row) sorter(a.data() + i);
    const double t = std::chrono::duration<double, std::nano>(now() - t0).count() / n;
    for (std::uint64_t i = 0; i < n; i += row) if (!std::is_sorted(a.data() + i, a.data() + i + row)) { std::puts("WRONG"); std::exit(1); }
    return t;
  };
  auto base = [&](std::uint32_t* p) { vector_quicksort(p, row, 0, bufs, [&](const std::uint32_t* s) { std::memcpy(p, s, row * 4); }); };
  auto variant = [&](std::uint32_t* p) { var::parprim::host::vector_quicksort(p, row, 0, bufs, [&](const std::uint32_t* s) { std::memcpy(p, s, row * 4); }); };
  std::vector<double> ta, tb, q;
  for (int r = 0; r <= rounds; ++r) {
    const bool flip = r & 1;
    double x = flip ? run(variant) : run(base);
    double y = flip ? run(base) : run(variant);
    if (flip) std::swap(x, y);
    if (r) { ta.push_back(x); tb.push_back(y); q.push_back(y / x); }
  }
  for (auto* v : {&ta, &tb, &q}) std::sort(v->begin(), v->end());
  std::printf("rows of %u: code %.3f, variant %.3f ns a key (medians); variant / code %.3f (%.3f-%.3f)\n", row, ta[ta.size()/2], tb[tb.size()/2], q[q.size()/2], q.front(), q.back());
}
