// Step 31's A/B within one process (docs/algorithms/cpu_sort.md): in_place_quicksort as the code
// has it (the first level written from the input to the output's two ends) against a copy of the
// header before the step (ipq_copy_first.hpp: the input copied XORed, then partitioned in place),
// alternated every round, one thread. 2^LOG2 uniform keys of TYPE's XOR (u32: 0, i32: the sign
// bit), seed 35, ROUNDS rounds; both checked against std::sort by the same keys in round 0.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include -Iprobe
//        first_apart_ab.cpp -o probe/first_apart_ab
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
namespace copy_first { using namespace ::parprim::host; using ::parprim::host::aligned_array;
#include "ipq_copy_first.hpp"
}
using namespace parprim::host;
int main(int argc, char** argv) {
  const std::uint32_t flip = argc > 1 && std::strcmp(argv[1], "i32") == 0 ? 0x80000000u : 0;
  const unsigned log2 = argc > 2 ? std::atoi(argv[2]) : 24;
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end(), [&](std::uint32_t a, std::uint32_t b) { return (a ^ flip) < (b ^ flip); });
  in_place_quicksort now(8192);
  copy_first::parprim::host::in_place_quicksort before(8192);
  auto time = [&](auto& sort) {
    const auto t0 = std::chrono::steady_clock::now();
    sort(in.data(), out.data(), n, flip);
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
    return std::equal(expected.begin(), expected.end(), out.data()) ? ns : -1.0;
  };
  std::vector<double> a, b, q;
  for (int r = 0; r <= rounds; ++r) {
    const double tb = time(before), tn = time(now);
    if (tb < 0 || tn < 0) return std::puts("WRONG"), 1;
    if (r == 0) continue;
    a.push_back(tb); b.push_back(tn); q.push_back(tn / tb);
    std::printf("  round %d: copy first %.3f, first level apart %.3f ns a key (%.3fx)\n", r, tb, tn, tn / tb);
  }
  for (auto* v : {&a, &b, &q}) std::sort(v->begin(), v->end());
  std::printf("%s 2^%u: copy first %.3f, first level apart %.3f ns a key (medians); ratio median %.3f (%.3f-%.3f)\n",
              flip ? "i32" : "u32", log2, a[a.size() / 2], b[b.size() / 2], q[q.size() / 2], q.front(), q.back());
}
