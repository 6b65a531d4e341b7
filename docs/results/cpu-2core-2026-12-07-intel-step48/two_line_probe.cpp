// Probe (issue 35, Intel VM, 2026-12-07 evening): the split's loop as the code runs it (a line a
// bucket, flushed when its 16th key comes) against buffers of L lines a bucket flushed when
// their 16*L-th key comes (one branch taken in 16*L keys), alternated in one process.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <int L>
__attribute__((target("avx512f,avx512bw"))) void split_lines(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  constexpr unsigned slots = 16 * L;
  std::copy(offsets, offsets + 2048, pos);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++;
    const unsigned slot = at % slots;
    if (slot == slots - 1) {
      std::uint32_t* buf = lines + d * slots;
      for (int l = 0; l < L - 1; ++l) store_line<sse_nt>(out + (at - (slots - 1)) + 16 * l, buf + 16 * l, buf[16 * l + 15]);
      store_line<sse_nt>(out + (at - 15), buf + 16 * (L - 1), k);
      continue;
    }
    lines[d * slots + slot] = k;
  }
  _mm_sfence();
}

int main(int argc, char** argv) {
  const split_fn fns[4] = {split<sse_nt>, split_lines<2>, split_lines<4>, split<none>};
  const char* const names[4] = {"the code (1 line)", "2 lines", "4 lines", "no line store"};
  return alternate(argc, argv, fns, names, 64 * 4);
}
