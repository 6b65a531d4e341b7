// The in-place partitions' prefetch distance (1024 keys ahead, the code's) against none, 512,
// 2048 and 4096 keys: copies of in_place_quicksort.hpp differing only there, alternated every
// round, one thread.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#define NS(v) namespace pf##v { using namespace ::parprim::host; using ::parprim::host::aligned_array;
NS(0)
#include "ipq_pf0.hpp"
}
NS(512)
#include "ipq_pf512.hpp"
}
NS(2048)
#include "ipq_pf2048.hpp"
}
NS(4096)
#include "ipq_pf4096.hpp"
}
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
  in_place_quicksort s1024(8192);
  pf0::parprim::host::in_place_quicksort s0(8192);
  pf512::parprim::host::in_place_quicksort s512(8192);
  pf2048::parprim::host::in_place_quicksort s2048(8192);
  pf4096::parprim::host::in_place_quicksort s4096(8192);
  const char* names[] = {"1024 (code)", "none", "512", "2048", "4096"};
  auto run = [&](int k) {
    switch (k) { case 0: s1024(in.data(), out.data(), n, 0); break; case 1: s0(in.data(), out.data(), n, 0); break;
      case 2: s512(in.data(), out.data(), n, 0); break; case 3: s2048(in.data(), out.data(), n, 0); break; default: s4096(in.data(), out.data(), n, 0); }
  };
  std::vector<std::vector<double>> t(5), q(5);
  for (int r = 0; r <= rounds; ++r) {
    double base = 0;
    for (int k = 0; k < 5; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      run(k);
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
      if (r == 0 && !std::equal(expected.begin(), expected.end(), out.data())) return std::printf("%s WRONG\n", names[k]), 1;
      if (k == 0) base = ns;
      if (r) { t[k].push_back(ns); q[k].push_back(ns / base); }
    }
  }
  for (int k = 0; k < 5; ++k) {
    std::sort(t[k].begin(), t[k].end()); std::sort(q[k].begin(), q[k].end());
    std::printf("2^%u prefetch %-11s: %.3f ns a key (median), / 1024 median %.3f (%.3f-%.3f)\n", log2, names[k], t[k][t[k].size() / 2], q[k][q[k].size() / 2], q[k].front(), q[k].back());
  }
}
