// Probe (issue 35; not a step): the split's per-key kernel in seven forms on one core, to see
// whether any form of the write-combining scatter is cheaper on Zen 5 than the library's.
// u32 uniform keys (seed 35), 2^LOG2 of them, split by their top 11 bits into 2048 buckets whose
// starts are padded to whole lines (counted first, outside the timing), each bucket gathering its
// keys in a cache-line buffer and streaming full lines out, as write_combining_scatter.hpp does:
//   u4       the library's form: four keys loaded, then each scattered (64-bit positions);
//   u8       eight keys loaded at a time;
//   u32pos   32-bit positions (half the counters' bytes);
//   nt512    full lines streamed by one 64-byte store instead of four 16-byte ones;
//   two      the two halves of the input interleaved, each with its own positions and lines
//            (two independent chains, as two blocks of a counted split);
//   vector   16 keys a step: vpconflictd and vpopcntd rank the keys of equal digits, a gather of
//            the positions, a scatter of the keys into two lines a bucket and one of the new
//            positions (the highest lane of a digit writes last), then the lines completed;
//   deferred the full-line test taken out of the per-key step: the lines completed in 16 keys are
//            listed without a branch and streamed after them (two lines a bucket).
// Each form runs 2^26 keys' work a round (the array repeated), ROUNDS rounds, alternated; the
// vector and deferred forms' output is spot-checked. Prints ns a key.
// Build: g++ -std=c++20 -O3 split_kernels_probe.cpp -o probe/split_kernels_probe
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

using u32 = std::uint32_t;
using u64 = std::uint64_t;

namespace {

constexpr int buckets = 2048, shift = 21;
alignas(64) u32 lines[2][buckets * 32];
alignas(64) u32 positions32[buckets];
u64 positions[2][buckets];

void* allocate(std::size_t bytes) {
  const std::size_t huge = 2u << 20;
  void* p = std::aligned_alloc(huge, (bytes + huge - 1) / huge * huge);
  std::memset(p, 0, bytes);
  return p;
}

inline void stream_line(void* to, const void* from) {
  for (int k = 0; k < 64; k += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(static_cast<char*>(to) + k),
                     _mm_loadu_si128(reinterpret_cast<const __m128i*>(static_cast<const char*>(from) + k)));
}
__attribute__((target("avx512f"))) inline void stream_line512(void* to, const void* from) {
  _mm512_stream_si512(static_cast<__m512i*>(to), _mm512_load_si512(from));
}

// One key's step: into its bucket's line, the full line streamed.
template <bool Wide, class Position>
inline void step(u32 k, Position* pos, u32* line, u32* dst) {
  const u32 d = k >> shift;
  const Position at = pos[d]++;
  const u32 slot = at & 15;
  line[d * 16 + slot] = k;
  if (slot == 15) {
    if constexpr (Wide) stream_line512(dst + at - 15, line + d * 16);
    else stream_line(dst + at - 15, line + d * 16);
  }
}

template <int Unroll, bool Wide = false, class Position>
void scalar(const u32* in, u64 n, u32* dst, Position* pos) {
  for (u64 i = 0; i < n; i += Unroll) {
    __builtin_prefetch(in + i + 512);
    u32 k[Unroll];
    for (int j = 0; j < Unroll; ++j) k[j] = in[i + j];
    for (int j = 0; j < Unroll; ++j) step<Wide>(k[j], pos, lines[0], dst);
  }
}
__attribute__((target("avx512f"))) void nt512(const u32* in, u64 n, u32* dst) {
  scalar<4, true>(in, n, dst, positions[0]);
}

void two(const u32* in, u64 n, u32* dst) {
  const u32* a = in;
  const u32* b = in + n / 2;
  for (u64 i = 0; i < n / 2; i += 4) {
    __builtin_prefetch(a + i + 512);
    __builtin_prefetch(b + i + 512);
    u32 ka[4], kb[4];
    for (int j = 0; j < 4; ++j) ka[j] = a[i + j], kb[j] = b[i + j];
    for (int j = 0; j < 4; ++j) {
      step<false>(ka[j], positions[0], lines[0], dst);
      step<false>(kb[j], positions[1], lines[1], dst);
    }
  }
}

__attribute__((target("avx512f,avx512cd,avx512vpopcntdq"))) void vector(const u32* in, u64 n,
                                                                          u32* dst) {
  const __m512i m15 = _mm512_set1_epi32(15), m31 = _mm512_set1_epi32(31), one = _mm512_set1_epi32(1);
  for (u64 i = 0; i < n; i += 16) {
    __builtin_prefetch(in + i + 512);
    const __m512i k = _mm512_loadu_si512(in + i);
    const __m512i d = _mm512_maskz_srli_epi32(0xFFFF, k, shift);
    const __m512i rank = _mm512_popcnt_epi32(_mm512_conflict_epi32(d));
    const __m512i at = _mm512_add_epi32(_mm512_mask_i32gather_epi32(_mm512_setzero_si512(), 0xFFFF, d, positions32, 4), rank);
    const __m512i slot = _mm512_or_si512(_mm512_maskz_slli_epi32(0xFFFF, d, 5), _mm512_and_si512(at, m31));
    _mm512_i32scatter_epi32(lines[0], slot, k, 4);
    _mm512_i32scatter_epi32(positions32, d, _mm512_add_epi32(at, one), 4);
    __mmask16 full = _mm512_cmpeq_epi32_mask(_mm512_and_si512(at, m15), m15);
    if (full) {
      alignas(64) u32 ds[16], ats[16];
      _mm512_store_si512(ds, d);
      _mm512_store_si512(ats, at);
      while (full) {
        const int l = __builtin_ctz(full);
        full &= full - 1;
        stream_line(dst + ats[l] - 15, lines[0] + ds[l] * 32 + (ats[l] & 16));
      }
    }
  }
}

void deferred(const u32* in, u64 n, u32* dst) {
  for (u64 i = 0; i < n; i += 16) {
    __builtin_prefetch(in + i + 512);
    u32 done[16];
    u64 done_at[16];
    unsigned count = 0;
    for (int j = 0; j < 16; ++j) {
      const u32 k = in[i + j], d = k >> shift;
      const u64 at = positions[0][d]++;
      lines[0][d * 32 + (at & 31)] = k;
      done[count] = d;
      done_at[count] = at;
      count += (at & 15) == 15;
    }
    for (unsigned q = 0; q < count; ++q)
      stream_line(dst + done_at[q] - 15, lines[0] + done[q] * 32 + (done_at[q] & 16));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  const u64 n = u64(1) << log2;
  u32* in = static_cast<u32*>(allocate(n * 4));
  // Room for every bucket padded to whole lines, and again for the second half's keys (`two`).
  u32* dst = static_cast<u32*>(allocate(2 * n * 4 + 2 * buckets * 64));
  std::mt19937 rng(35);
  for (u64 i = 0; i < n; ++i) in[i] = rng();
  // Each bucket's start, padded to a line; the second half's keys of a bucket after the first's.
  std::vector<u64> first(buckets), second(buckets), count0(buckets), count1(buckets);
  for (u64 i = 0; i < n; ++i) (i < n / 2 ? count0 : count1)[in[i] >> shift]++;
  for (u64 b = 0, s = 0; b < buckets; ++b) {
    first[b] = s;
    s += (count0[b] + count1[b] + 15) / 16 * 16;
    second[b] = s;
    s += (count1[b] + 15) / 16 * 16;
  }
  const int times = std::max<int>(1, (1 << 26) >> log2);
  const char* names[] = {"u4", "u8", "u32pos", "nt512", "two", "vector", "deferred"};
  std::printf("2^%u keys, 11-bit split, ns a key\n", log2);
  for (int r = 0; r < rounds; ++r) {
    for (int v = 0; v < 7; ++v) {
      const auto t0 = std::chrono::steady_clock::now();
      for (int t = 0; t < times; ++t) {
        for (int b = 0; b < buckets; ++b) {
          positions[0][b] = first[b];
          positions[1][b] = second[b];
          positions32[b] = static_cast<u32>(first[b]);
        }
        switch (v) {
          case 0: scalar<4>(in, n, dst, positions[0]); break;
          case 1: scalar<8>(in, n, dst, positions[0]); break;
          case 2: scalar<4>(in, n, dst, positions32); break;
          case 3: nt512(in, n, dst); break;
          case 4: two(in, n, dst); break;
          case 5: vector(in, n, dst); break;
          case 6: deferred(in, n, dst); break;
        }
      }
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                        double(n * times);
      u64 wrong = 0;  // every full line of a sampled bucket holds that bucket's keys
      for (int b = 0; b < buckets; b += 97)
        for (u64 j = first[b]; j < first[b] + (count0[b] + count1[b]) / 16 * 16; ++j)
          wrong += (dst[j] >> shift) != static_cast<u32>(b);
      std::printf("%s %.2f%s  ", names[v], ns, wrong && v != 4 ? " WRONG" : "");
    }
    std::printf("\n");
  }
  return 0;
}
