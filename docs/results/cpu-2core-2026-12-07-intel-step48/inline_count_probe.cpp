// Probe (issue 35, Intel VM, 2026-12-07 evening): the split's loop with each bucket's fill count
// kept in its line buffer's last slot (a 32-bit count; the line's 16th key comes from a register,
// as in the code, so that slot never holds a key), the 64-bit positions touched once a line:
// one line a key touched (the key's) instead of two (its line and its counter), against the code.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

__attribute__((target("avx512f,avx512bw"))) void split_inline(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  for (int d = 0; d < 2048; ++d) { lines[d * 16 + 15] = offsets[d] % 16; pos[d] -= offsets[d] % 16; }
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    std::uint32_t* line = lines + d * 16;
    const std::uint32_t c = line[15];
    if (c == 15) {
      store_line<sse_nt>(out + pos[d], line, k);
      pos[d] += 16;
      line[15] = 0;
      continue;
    }
    line[c] = k;
    line[15] = c + 1;
  }
  _mm_sfence();
}

// The same, with no flush (the bare loop's bound).
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

template <int V>
__attribute__((target("avx512f,avx512bw"))) void bare(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++; lines[d * 16 + at % 16] = k;
  }
  asm volatile("" ::: "memory");
}

int main(int argc, char** argv) {
  const split_fn fns[4] = {split<sse_nt>, split_inline, bare<0>, bare_inline};
  const char* const names[4] = {"the code", "count in line", "bare code", "bare count in line"};
  return alternate(argc, argv, fns, names, 64);
}
