// Masked against whole stores of compressed lanes into a buffer of BYTES (in L1, L2 or L3).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <random>
#include <vector>
#include <immintrin.h>
#define T __attribute__((target("avx512f,popcnt")))
template <bool Masked>
T std::uint64_t run(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out, std::uint64_t room, int reps) {
  const __m512i p = _mm512_set1_epi32(0x80000000);
  std::uint64_t sum = 0;
  for (int r = 0; r < reps; ++r) {
    std::uint64_t at = 0;
    for (std::uint64_t i = 0; i + 16 <= n; i += 16) {
      const __m512i v = _mm512_loadu_si512(in + i);
      const __mmask16 m = _mm512_cmplt_epu32_mask(v, p);
      const unsigned k = __builtin_popcount(m);
      const __m512i c = _mm512_maskz_compress_epi32(m, v);
      if (Masked) _mm512_mask_storeu_epi32(out + at, (1u << k) - 1, c); else _mm512_storeu_si512(out + at, c);
      at += k; if (at + 16 > room) at = 0;
    }
    sum += at;
  }
  return sum;
}
int main(int argc, char** argv) {
  const std::uint64_t room = std::strtoull(argv[1], nullptr, 0) / 4;
  const std::uint64_t n = 1 << 16;
  std::vector<std::uint32_t> in(n), out(room + 16);
  std::mt19937 rng(1); for (auto& x : in) x = rng();
  for (int k = 0; k < 3; ++k) {
    auto t0 = std::chrono::steady_clock::now(); volatile auto a = run<true>(in.data(), n, out.data(), room, 200);
    auto t1 = std::chrono::steady_clock::now(); volatile auto b = run<false>(in.data(), n, out.data(), room, 200);
    auto t2 = std::chrono::steady_clock::now();
    double x = std::chrono::duration<double, std::nano>(t1 - t0).count() / (n * 200.0), y = std::chrono::duration<double, std::nano>(t2 - t1).count() / (n * 200.0);
    std::printf("room %llu bytes: masked %.3f, whole %.3f ns a key (%.2fx)\n", (unsigned long long)room * 4, x, y, x / y);
  }
}
