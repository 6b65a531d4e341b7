// Probe after step 48 (issue 35, Intel VM, 2026-12-07): step 48's loop (a line a bucket, its
// fill count in its last slot) against two lines a bucket (the count in the second line's last
// slot; both lines streamed when the 32nd key comes: half the mispredicted branches, but a key
// of the first line touches both lines), and step 48's loop storing its line by one 64-byte
// streaming store.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <int L, kind K>
__attribute__((target("avx512f,avx512bw"))) void split_inline(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  constexpr unsigned slots = 16 * L;
  std::copy(offsets, offsets + 2048, pos);
  for (int d = 0; d < 2048; ++d) { lines[d * slots + slots - 1] = offsets[d] % slots; pos[d] -= offsets[d] % slots; }
  for (std::uint64_t i = 0; i < n; ++i) {
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

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<1, sse_nt>, split_inline<2, sse_nt>, split_inline<1, zmm_nt>, split_inline<2, zmm_nt>};
  const char* const names[4] = {"step 48", "two lines", "step 48, 64 B", "two lines, 64 B"};
  return alternate(argc, argv, fns, names, 128);
}
