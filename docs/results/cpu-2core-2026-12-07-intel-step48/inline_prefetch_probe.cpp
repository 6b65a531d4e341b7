// Probe after step 48 (issue 35, Intel VM, 2026-12-07): step 48's loop (each bucket's fill count
// in its line) against the same prefetching the line of the key D ahead (prefetcht0), so that the
// count's load, which the once-in-16 branch waits on, hits L1 and a mispredicted branch is found
// sooner.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <int D>
__attribute__((target("avx512f,avx512bw"))) void split_inline(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  for (int d = 0; d < 2048; ++d) { lines[d * 16 + 15] = offsets[d] % 16; pos[d] -= offsets[d] % 16; }
  for (std::uint64_t i = 0; i < n; ++i) {
    if constexpr (D > 0)
      if (i + D < n) _mm_prefetch((const char*)(lines + (in[i + D] >> SHIFT) * 16), _MM_HINT_T0);
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

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<0>, split_inline<8>, split_inline<16>, split_inline<32>};
  const char* const names[4] = {"step 48", "prefetch 8", "prefetch 16", "prefetch 32"};
  return alternate(argc, argv, fns, names, 64);
}
