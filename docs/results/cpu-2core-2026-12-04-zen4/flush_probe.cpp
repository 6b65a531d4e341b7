// Probe after step 42 (docs/algorithms/cpu_sort.md, "Issue 35 on Zen 4"): line_store_probe.cpp's
// split loop against forms without its per-key branch: a bucket's line completed by a key is
// listed branch-free and streamed after every G keys (batched; two lines a bucket, so that the
// next keys do not overwrite it first), or after the next group (delayed, G <= 8); and, built
// with -DNO_BRANCH, the loop's bound with neither the branch nor any flush ("bound", wrong
// output, timing only). Alternated in one process, 2^LOG2 uniform u32 keys (seed 43).
// Build: g++ -std=c++20 -O3 -DNDEBUG [-DNO_BRANCH] flush_probe.cpp -o probe/flush_probe
// Run: probe/flush_probe LOG2 ROUNDS
#include <immintrin.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#ifndef SHIFT
#define SHIFT 21
#endif
enum kind { sse_nt, zmm_nt, none, ymm_nt };
template <kind K>
__attribute__((target("avx512f,avx512bw"))) void store_line(void* to, const std::uint32_t* line, std::uint32_t last) {
  if constexpr (K == none) {
    asm volatile("" ::"r"(to), "r"(line), "r"(last) : "memory");
  } else if constexpr (K == sse_nt) {
    for (int k = 0; k < 3; ++k) _mm_stream_si128((__m128i*)((char*)to + 16 * k), _mm_loadu_si128((const __m128i*)(line + 4 * k)));
    __m128i rest = _mm_loadu_si128((const __m128i*)(line + 12));
    rest = _mm_insert_epi32(rest, (int)last, 3);
    _mm_stream_si128((__m128i*)((char*)to + 48), rest);
  } else if constexpr (K == ymm_nt) {
    _mm256_stream_si256((__m256i*)to, _mm256_loadu_si256((const __m256i*)line));
    __m256i hi = _mm256_loadu_si256((const __m256i*)(line + 8));
    hi = _mm256_blend_epi32(hi, _mm256_set1_epi32((int)last), 0x80);
    _mm256_stream_si256((__m256i*)((char*)to + 32), hi);
  } else {
    __m512i v = _mm512_mask_loadu_epi32(_mm512_set1_epi32((int)last), 0x7FFF, line);
    _mm512_stream_si512((__m512i*)to, v);
  }
}
template <kind K>
__attribute__((target("avx512f,avx512bw"))) void split(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++;
    const unsigned slot = at % 16;
#ifdef NO_BRANCH
    if (K == none) { lines[d * 16 + slot] = k; continue; }
#endif
    if (slot == 15) { store_line<K>(out + (at - 15), lines + d * 16, k); continue; }
    lines[d * 16 + slot] = k;
  }
  _mm_sfence();
}
// The flush taken out of the per-key branch: two lines a bucket (a ring of 32 slots); each key is
// stored, and a bucket whose line it completed is listed (branch-free); after every G keys the
// listed lines are streamed. A bucket takes at most G <= 16 keys a group, so a listed line is
// not overwritten before its group ends.
template <int G>
__attribute__((target("avx512f,avx512bw"))) void split_batched(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* rings, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  std::uint64_t i = 0;
  std::uint64_t listed[G];
  for (; i + G <= n; i += G) {
    unsigned count = 0;
    for (int j = 0; j < G; ++j) {
      const std::uint32_t k = in[i + j];
      const unsigned d = k >> SHIFT;
      const std::uint64_t at = pos[d]++;
      rings[d * 32 + (at % 32)] = k;
      listed[count] = (at << 11) | d;
      count += (at % 16) == 15;
    }
    for (unsigned c = 0; c < count; ++c) {
      const unsigned d = listed[c] & 2047;
      const std::uint64_t at = listed[c] >> 11;
      _mm512_stream_si512((__m512i*)(out + (at - 15)), _mm512_load_si512(rings + d * 32 + ((at - 15) % 32)));
    }
  }
  for (; i < n; ++i) {  // the last keys one at a time
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++;
    rings[d * 32 + (at % 32)] = k;
    if (at % 16 == 15) _mm512_stream_si512((__m512i*)(out + (at - 15)), _mm512_load_si512(rings + d * 32 + ((at - 15) % 32)));
  }
  _mm_sfence();
}
// As split_batched, each group's listed lines streamed after the next group (their last
// stores have left the store buffer by then); G <= 8 keeps a listed line from being overwritten
// before that.
template <int G>
__attribute__((target("avx512f,avx512bw"))) void split_delayed(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* rings, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  std::uint64_t i = 0;
  std::uint64_t listed[2][G];
  unsigned counts[2] = {0, 0};
  int now = 0;
  for (; i + G <= n; i += G) {
    unsigned count = 0;
    std::uint64_t* list = listed[now];
    for (int j = 0; j < G; ++j) {
      const std::uint32_t k = in[i + j];
      const unsigned d = k >> SHIFT;
      const std::uint64_t at = pos[d]++;
      rings[d * 32 + (at % 32)] = k;
      list[count] = (at << 11) | d;
      count += (at % 16) == 15;
    }
    counts[now] = count;
    now ^= 1;
    for (unsigned c = 0; c < counts[now]; ++c) {
      const unsigned d = listed[now][c] & 2047;
      const std::uint64_t at = listed[now][c] >> 11;
      _mm512_stream_si512((__m512i*)(out + (at - 15)), _mm512_load_si512(rings + d * 32 + ((at - 15) % 32)));
    }
    counts[now] = 0;
  }
  now ^= 1;
  for (unsigned c = 0; c < counts[now]; ++c) {
    const unsigned d = listed[now][c] & 2047;
    const std::uint64_t at = listed[now][c] >> 11;
    _mm512_stream_si512((__m512i*)(out + (at - 15)), _mm512_load_si512(rings + d * 32 + ((at - 15) % 32)));
  }
  for (; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++;
    rings[d * 32 + (at % 32)] = k;
    if (at % 16 == 15) _mm512_stream_si512((__m512i*)(out + (at - 15)), _mm512_load_si512(rings + d * 32 + ((at - 15) % 32)));
  }
  _mm_sfence();
}
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(1) << (argc > 1 ? std::atoi(argv[1]) : 24);
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
  std::uint32_t* in = (std::uint32_t*)std::aligned_alloc(64, n * 4);
  // Each bucket's region starts on a line and holds its keys rounded up to a line.
  std::mt19937 rng(43);
  for (std::uint64_t i = 0; i < n; ++i) in[i] = rng();
  constexpr int buckets = 1 << (32 - SHIFT);
  std::vector<std::uint64_t> count(2048), offsets(2048), pos(2048);
  for (std::uint64_t i = 0; i < n; ++i) ++count[in[i] >> SHIFT];
  std::uint64_t sum = 0;
  for (int d = 0; d < buckets; ++d) { offsets[d] = sum; sum += (count[d] + 15) / 16 * 16; }
  std::uint32_t* out = (std::uint32_t*)std::aligned_alloc(64, sum * 4);
  std::uint32_t* lines = (std::uint32_t*)std::aligned_alloc(64, 2048 * 128);
  std::memset(out, 0, sum * 4);
  using fn = void (*)(const std::uint32_t*, std::uint64_t, std::uint32_t*, const std::uint64_t*, std::uint32_t*, std::uint64_t*);
  #ifdef NO_BRANCH
  fn fns[4] = {split<sse_nt>, split<none>, split_delayed<8>, split_batched<16>};
  const char* names[4] = {"the code", "bound", "delayed 8", "batched 16"};
#else
  fn fns[4] = {split<sse_nt>, split_delayed<4>, split_delayed<8>, split_batched<8>};
  const char* names[4] = {"the code", "delayed 4", "delayed 8", "batched 8"};
#endif
  std::vector<double> t[4];
  for (int r = 0; r <= rounds; ++r)
    for (int k = 0; k < 4; ++k) {
      const int w = (k + r) % 4;
      auto t0 = std::chrono::steady_clock::now();
      fns[w](in, n, out, offsets.data(), lines, pos.data());
      double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n;
      if (r) t[w].push_back(ns);
    }
  for (int k = 0; k < 4; ++k) {
    std::sort(t[k].begin(), t[k].end());
    std::printf("%-18s median %.3f ns a key (%.3f-%.3f)\n", names[k], t[k][t[k].size() / 2], t[k].front(), t[k].back());
  }
}
