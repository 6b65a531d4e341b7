// Probe after step 42 (docs/algorithms/cpu_sort.md, "Issue 35 on Zen 4"): the split's loop as
// write_combining_scatter.hpp runs it (a 64-byte write-combining line a bucket, a line written
// to its bucket's region of the output when full, its last key from a register), its line
// store in four forms alternated in one process: four 16-byte streaming stores (the code), one
// 64-byte streaming store, no line store at all (the loop's own bound), two 32-byte streaming
// stores. 2^LOG2 uniform u32 keys (seed 43) into 2^(32 - SHIFT) buckets (default SHIFT 21:
// 2048, as the split).
// Build: g++ -std=c++20 -O3 -DNDEBUG [-DSHIFT=N] line_store_probe.cpp -o probe/line_store_probe
// Run: probe/line_store_probe LOG2 ROUNDS
// (flush_probe.cpp includes this file with LINE_STORE_PROBE_PARTS: its loop, stores and
// alternate(), not its main.)
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
#ifdef NO_BRANCH  // flush_probe.cpp's bound: neither the branch nor any flush (wrong output)
    if (K == none) { lines[d * 16 + slot] = k; continue; }
#endif
    if (slot == 15) { store_line<K>(out + (at - 15), lines + d * 16, k); continue; }
    lines[d * 16 + slot] = k;
  }
  _mm_sfence();
}
using split_fn = void (*)(const std::uint32_t*, std::uint64_t, std::uint32_t*,
                         const std::uint64_t*, std::uint32_t*, std::uint64_t*);

// The four splits alternated, each round another first; `line_bytes`: a bucket's buffer.
int alternate(int argc, char** argv, const split_fn (&fns)[4], const char* const (&names)[4],
              std::size_t line_bytes) {
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
  std::uint32_t* lines = (std::uint32_t*)std::aligned_alloc(64, 2048 * line_bytes);
  std::memset(out, 0, sum * 4);
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
  return 0;
}

#ifndef LINE_STORE_PROBE_PARTS  // flush_probe.cpp takes the loop, its stores and alternate
int main(int argc, char** argv) {
  const split_fn fns[4] = {split<sse_nt>, split<zmm_nt>, split<none>, split<ymm_nt>};
  const char* const names[4] = {"sse_nt (the code)", "zmm_nt", "no line store", "ymm_nt"};
  return alternate(argc, argv, fns, names, 64);
}
#endif
