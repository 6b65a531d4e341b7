// The review's refactor (vector_quicksort.hpp's partition as partition_from with cursors, the
// in-place top's partition_copy calling it) against copies of both headers before it,
// alternated every round, one thread: in_place_quicksort, 2^LOG2 uniform u32 keys, seed 35.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
namespace before { using namespace ::parprim::host; using namespace ::parprim::host::vector_sort_detail; using ::parprim::host::aligned_array;
#include "ipq_old.hpp"
}
using namespace parprim::host;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<std::uint32_t> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  in_place_quicksort now(8192);
  before::parprim::host::in_place_quicksort old(8192);
  auto time = [&](auto& s) {
    const auto t0 = std::chrono::steady_clock::now();
    s(in.data(), out.data(), n, 0);
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
    return std::equal(expected.begin(), expected.end(), out.data()) ? ns : -1.0;
  };
  std::vector<double> q;
  for (int r = 0; r <= rounds; ++r) {
    const double a = time(old), b = time(now);
    if (a < 0 || b < 0) return std::puts("WRONG"), 1;
    if (r) q.push_back(b / a);
  }
  std::sort(q.begin(), q.end());
  std::printf("2^%u: after / before median %.3f (%.3f-%.3f)\n", log2, q[q.size() / 2], q.front(), q.back());
}
