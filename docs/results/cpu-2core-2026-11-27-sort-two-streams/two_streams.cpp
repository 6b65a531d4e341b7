// Probe (issue 35, docs/algorithms/cpu_sort.md item 13): one LSD scatter pass over a bucket in
// cache (u32 keys, a 7-bit digit), one stream of keys against two (the bucket's halves scattered
// together, each with its own offsets, so that two chains of offset updates run side by side).
//   g++ -std=c++20 -O3 -march=native two_streams.cpp && ./a.out KEYS
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
constexpr int bits = 7, radix = 1 << bits;
__attribute__((noinline)) void one_stream(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n, unsigned shift, std::uint32_t* off) {
  std::uint32_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const std::uint32_t k0 = in[i], k1 = in[i + 1], k2 = in[i + 2], k3 = in[i + 3];
    out[off[(k0 >> shift) & (radix - 1)]++] = k0;
    out[off[(k1 >> shift) & (radix - 1)]++] = k1;
    out[off[(k2 >> shift) & (radix - 1)]++] = k2;
    out[off[(k3 >> shift) & (radix - 1)]++] = k3;
  }
  for (; i < n; ++i) { const std::uint32_t k = in[i]; out[off[(k >> shift) & (radix - 1)]++] = k; }
}
__attribute__((noinline)) void two_streams(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n, unsigned shift, std::uint32_t* offa, std::uint32_t* offb) {
  const std::uint32_t h = n / 2;
  const std::uint32_t* a = in; const std::uint32_t* b = in + h;
  std::uint32_t i = 0;
  for (; i + 2 <= h; i += 2) {
    const std::uint32_t a0 = a[i], a1 = a[i + 1], b0 = b[i], b1 = b[i + 1];
    out[offa[(a0 >> shift) & (radix - 1)]++] = a0;
    out[offb[(b0 >> shift) & (radix - 1)]++] = b0;
    out[offa[(a1 >> shift) & (radix - 1)]++] = a1;
    out[offb[(b1 >> shift) & (radix - 1)]++] = b1;
  }
  for (; i < h; ++i) { const std::uint32_t k = a[i]; out[offa[(k >> shift) & (radix - 1)]++] = k; }
  for (std::uint32_t j = i; j < n - h; ++j) { const std::uint32_t k = b[j]; out[offb[(k >> shift) & (radix - 1)]++] = k; }
}
int main(int argc, char** argv) {
  const std::uint32_t n = argc > 1 ? atoi(argv[1]) : 32768;
  const int reps = 2000;
  std::vector<std::uint32_t> in(n), out(n), out2(n);
  std::mt19937 rng(35);
  for (auto& x : in) x = rng();
  const unsigned shift = 7;
  std::uint32_t counta[radix] = {}, countb[radix] = {};
  for (std::uint32_t i = 0; i < n; ++i) (i < n / 2 ? counta : countb)[(in[i] >> shift) & (radix - 1)]++;
  std::uint32_t base[radix], basea[radix], baseb[radix];
  std::uint32_t s = 0;
  for (int d = 0; d < radix; ++d) { base[d] = s; basea[d] = s; baseb[d] = s + counta[d]; s += counta[d] + countb[d]; }
  double best1 = 1e9, best2 = 1e9;
  for (int round = 0; round < 5; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) { std::uint32_t off[radix]; std::memcpy(off, base, sizeof off); one_stream(in.data(), out.data(), n, shift, off); }
    auto t1 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) { std::uint32_t oa[radix], ob[radix]; std::memcpy(oa, basea, sizeof oa); std::memcpy(ob, baseb, sizeof ob); two_streams(in.data(), out2.data(), n, shift, oa, ob); }
    auto t2 = std::chrono::steady_clock::now();
    best1 = std::min(best1, std::chrono::duration<double, std::nano>(t1 - t0).count() / reps / n);
    best2 = std::min(best2, std::chrono::duration<double, std::nano>(t2 - t1).count() / reps / n);
  }
  if (out != out2) { std::printf("MISMATCH\n"); return 1; }
  std::printf("n %u: one stream %.3f ns a key, two streams %.3f ns a key (%.2fx)\n", n, best1, best2, best2 / best1);
}
