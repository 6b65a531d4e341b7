// Stand-alone probe (not built by the project): two 10/11-bit digits of 8192 keys counted three
// ways on one CPU. g++ -O3 -std=c++20 count_forms_probe.cpp && ./a.out
// 'compiler': digits stored and reloaded in the source, which GCC -O3 turns into vpextrd
// extracts; 'mem512'/'mem256': the same with an empty asm forcing the reloads from memory;
// 'scalar': one key at a time. Each figure includes a 32 KiB memcpy and a 16 KiB memset a round.
#include <immintrin.h>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
using u32 = std::uint32_t;
using H = std::array<std::array<u32, 2048>, 8>;
template <int Mode>
__attribute__((noinline, target("avx512f"))) void count(const u32* in, u32 n, H& h, u32 s1) {
  __m512i m0 = _mm512_set1_epi32(1023), m1 = _mm512_set1_epi32(2047), sh = _mm512_set1_epi32(s1);
  alignas(64) u32 dig[2][16];
  for (u32 i = 0; i + 16 <= n; i += 16) {
    __m512i k = _mm512_loadu_si512(in + i);
    __m512i a = _mm512_and_si512(k, m0), b = _mm512_and_si512(_mm512_srlv_epi32(k, sh), m1);
    if constexpr (Mode == 0) {  // compiler's choice (extracts at -O3)
      _mm512_store_si512(dig[0], a); _mm512_store_si512(dig[1], b);
    } else if constexpr (Mode == 1) {  // forced through memory, loads unrolled
      _mm512_store_si512(dig[0], a); _mm512_store_si512(dig[1], b);
      asm volatile("" ::"r"(dig) : "memory");
    } else {  // forced through memory, 256-bit halves
      _mm256_store_si256((__m256i*)dig[0], _mm512_castsi512_si256(a));
      _mm256_store_si256((__m256i*)(dig[0] + 8), _mm512_extracti64x4_epi64(a, 1));
      _mm256_store_si256((__m256i*)dig[1], _mm512_castsi512_si256(b));
      _mm256_store_si256((__m256i*)(dig[1] + 8), _mm512_extracti64x4_epi64(b, 1));
      asm volatile("" ::"r"(dig) : "memory");
    }
#pragma GCC unroll 16
    for (int j = 0; j < 16; ++j) ++h[0][dig[0][j]];
#pragma GCC unroll 16
    for (int j = 0; j < 16; ++j) ++h[1][dig[1][j]];
  }
}
__attribute__((noinline)) void scalar(const u32* in, u32 n, H& h, u32 s1) {
  for (u32 i = 0; i < n; ++i) { ++h[0][in[i] & 1023]; ++h[1][(in[i] >> s1) & 2047]; }
}
template <class F> void bench(F f, const char* name, u32 n) {
  std::vector<u32> big(n * 64); std::mt19937 g(7); for (auto& k : big) k = g() >> 11;
  static H h; std::vector<u32> buf(n + 16);
  double best = 1e9;
  for (int r = 0; r < 5; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 256; ++rep) {
      std::memcpy(buf.data(), big.data() + (rep % 64) * n, n * 4);
      std::memset(&h, 0, 16384);
      f(buf.data(), n, h, 10);
    }
    best = std::min(best, std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / (256.0 * n));
  }
  std::printf("%-12s %.3f ns/key\n", name, best);
}
int main() {
  bench(count<0>, "compiler", 8192); bench(count<1>, "mem512", 8192); bench(count<2>, "mem256", 8192); bench(scalar, "scalar", 8192);
}
