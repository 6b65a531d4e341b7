#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include "radix_sort_plan.hpp"
using namespace parprim;
int main(int argc, char** argv) {
  const unsigned log2 = std::atoi(argv[1]); const int reps = std::atoi(argv[2]);
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n);
  std::mt19937_64 rng(39);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = static_cast<std::uint32_t>(rng());
  problem p; p.operation = PARPRIM_OP_SORT; p.dtype = PARPRIM_U32; p.sort_payload = PARPRIM_SORT_KEYS;
  host::radix_sort_policy pol;
  cpu_seq::radix_sort_plan<std::uint32_t> plan(p, n, pol);
  parprim_io io{}; io.struct_size = sizeof io; io.in = in.data(); io.out = out.data();
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now(); plan.run(io);
    std::printf("%.3f ns/key\n", std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n);
  }
}
