// Probe (issue 35, Intel VM, 2026-12-07 evening): the split's loop with each bucket's fill count
// kept in its line buffer's last slot (a 32-bit count; the line's 16th key comes from a register,
// as in the code, so that slot never holds a key), the 64-bit positions touched once a line:
// one line a key touched (the key's) instead of two (its line and its counter), against the code;
// and each loop's bound with neither branch nor flush (wrong output).
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"
#include "inline_split.hpp"

// The code's loop with neither branch nor flush.
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
  const split_fn fns[4] = {split<sse_nt>, split_inline<1, sse_nt, 0>, bare, bare_inline};
  const char* const names[4] = {"the code", "count in line", "bare code", "bare count in line"};
  return alternate(argc, argv, fns, names, 64);
}
