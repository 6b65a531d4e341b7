// Probe after step 48 (issue 35, Intel VM, 2026-12-07): the split's loop with each bucket's fill
// count in its line (step 48's form) with its full line stored four ways: four 16-byte
// streaming stores (the code), one 64-byte streaming store, none (the branch alone), and the
// bare loop with neither branch nor flush (wrong output, its bound).
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <kind K>
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
      store_line<K>(out + pos[d], line, k);
      pos[d] += 16;
      line[15] = 0;
      continue;
    }
    line[c] = k;
    line[15] = c + 1;
  }
  _mm_sfence();
}

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

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<sse_nt>, split_inline<zmm_nt>, split_inline<none>, bare_inline};
  const char* const names[4] = {"step 48 (4 x 16 B)", "1 x 64 B", "no line store", "bare"};
  return alternate(argc, argv, fns, names, 64);
}
