// Two threads each sorting its own array (in_place_quicksort) at once, against one alone:
// whether this machine's two vCPUs slow each other, by array size.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim;
using clk = std::chrono::steady_clock;
int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::uint64_t n = std::uint64_t(1) << log2;
  const int reps = std::max(1, int((1u << 24) / n));
  host::aligned_array<std::uint32_t> in[2] = {host::aligned_array<std::uint32_t>(n), host::aligned_array<std::uint32_t>(n)};
  host::aligned_array<std::uint32_t> out[2] = {host::aligned_array<std::uint32_t>(n), host::aligned_array<std::uint32_t>(n)};
  std::mt19937 rng(35);
  for (int a = 0; a < 2; ++a) for (std::uint64_t i = 0; i < n; ++i) in[a].data()[i] = rng();
  auto work = [&](int a, double* t) {
    host::in_place_quicksort s(8192);
    s(in[a].data(), out[a].data(), n, 0);
    const auto t0 = clk::now();
    for (int r = 0; r < reps; ++r) s(in[a].data(), out[a].data(), n, 0);
    *t = std::chrono::duration<double, std::nano>(clk::now() - t0).count() / double(n) / reps;
  };
  for (int round = 0; round < 3; ++round) {
    double alone, t0, t1;
    work(0, &alone);
    std::thread a(work, 0, &t0), b(work, 1, &t1);
    a.join(); b.join();
    std::printf("2^%u x%d: alone %.2f ns a key, together %.2f and %.2f (%.2fx)\n", log2, reps, alone, t0, t1, (t0 + t1) / 2 / alone);
  }
}
