// in_place_quicksort (the code) against probe/s37/var/ipq.hpp (the in-place partitions' lows
// stored whole), one thread, 2^LOG2 uniform u32 (seed 35), alternated, each checked.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
namespace var {
#include "var/ipq.hpp"
}
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> want(in.data(), in.data() + n);
  std::sort(want.begin(), want.end());
  in_place_quicksort a(8192);
  var::parprim::host::in_place_quicksort b(8192);
  auto time = [&](auto& s) {
    auto t0 = std::chrono::steady_clock::now();
    s(in.data(), out.data(), n, 0);
    double t = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
    if (!std::equal(want.begin(), want.end(), out.data())) { std::puts("WRONG"); std::exit(1); }
    return t;
  };
  std::vector<double> q, ta, tb;
  for (int r = 0; r <= rounds; ++r) {
    double x, y;
    if (r & 1) { y = time(b); x = time(a); } else { x = time(a); y = time(b); }
    if (r) { ta.push_back(x); tb.push_back(y); q.push_back(y / x); }
  }
  for (auto* v : {&ta, &tb, &q}) std::sort(v->begin(), v->end());
  std::printf("2^%u: code %.3f, variant %.3f ns a key; variant / code %.3f (%.3f-%.3f)\n", log2, ta[ta.size() / 2], tb[tb.size() / 2], q[q.size() / 2], q.front(), q.back());
}
