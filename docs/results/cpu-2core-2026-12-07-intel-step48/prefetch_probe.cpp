// Probe (issue 35, Intel VM, 2026-12-07 evening): the split's loop (the code's form) against the
// same loop prefetching the line buffer of the key D ahead, for writing (prefetchw) or reading
// (prefetcht0), 2048 buckets.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <int D, int Hint>
__attribute__((target("avx512f,avx512bw,prfchw"))) void split_pf(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  std::uint64_t i = 0;
  for (; i < n; ++i) {
    if (i + D < n) {
      const char* p = (const char*)(lines + (in[i + D] >> SHIFT) * 16);
      if constexpr (Hint == 1) _mm_prefetch(p, _MM_HINT_ET0); else _mm_prefetch(p, _MM_HINT_T0);
    }
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    const std::uint64_t at = pos[d]++;
    const unsigned slot = at % 16;
    if (slot == 15) { store_line<sse_nt>(out + (at - 15), lines + d * 16, k); continue; }
    lines[d * 16 + slot] = k;
  }
  _mm_sfence();
}

int main(int argc, char** argv) {
  const split_fn fns[4] = {split<sse_nt>, split_pf<PFD, 1>, split_pf<PFD, 0>, split_pf<2 * PFD, 1>};
  const char* const names[4] = {"the code", "prefetchw D", "prefetcht0 D", "prefetchw 2D"};
  return alternate(argc, argv, fns, names, 64);
}
