// Step 48's form of the split's loop, shared by the probes of this folder (issue 35, Intel VM,
// 2026-12-07): each bucket's fill count kept in its buffer's last slot, a key touching its own
// line only. Include after line_store_probe.cpp (its store_line, SHIFT and split_fn).
#pragma once

// The loop with L lines a bucket (the count in the last line's last slot; the L lines streamed
// by store kind K when the 16 L-th key comes, that key from a register), prefetching the line of
// the key D ahead (prefetcht0) when D > 0.
template <int L, kind K, int D>
__attribute__((target("avx512f,avx512bw"))) void split_inline(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  constexpr unsigned slots = 16 * L;
  std::copy(offsets, offsets + 2048, pos);
  for (int d = 0; d < 2048; ++d) { lines[d * slots + slots - 1] = offsets[d] % slots; pos[d] -= offsets[d] % slots; }
  for (std::uint64_t i = 0; i < n; ++i) {
    if constexpr (D > 0)
      if (i + D < n) _mm_prefetch((const char*)(lines + (in[i + D] >> SHIFT) * slots), _MM_HINT_T0);
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    std::uint32_t* line = lines + d * slots;
    const std::uint32_t c = line[slots - 1];
    if (c == slots - 1) {
      for (int l = 0; l < L - 1; ++l) store_line<K>(out + pos[d] + 16 * l, line + 16 * l, line[16 * l + 15]);
      store_line<K>(out + pos[d] + 16 * (L - 1), line + 16 * (L - 1), k);
      pos[d] += slots;
      line[slots - 1] = 0;
      continue;
    }
    line[c] = k;
    line[slots - 1] = c + 1;
  }
  _mm_sfence();
}

// The same with neither the branch nor any flush (wrong output: the loop's bound).
__attribute__((target("avx512f,avx512bw"))) void bare_inline(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  for (int d = 0; d < 2048; ++d) lines[d * 16 + 15] = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    std::uint32_t* line = lines + (k >> SHIFT) * 16;
    const std::uint32_t c = line[15];
    line[c] = k;
    line[15] = (c + 1) % 15;
  }
  asm volatile("" ::: "memory");
}
