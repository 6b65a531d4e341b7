// Probe: which part of the split's bare loop (no branch, no flush) costs on this core, 2048
// buckets: the loop (pos[d]++ and the key's store into its line), the store alone (slot from
// i), the count alone (pos[d]++), the loop with 32-bit counters.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

template <int V>
__attribute__((target("avx512f,avx512bw"))) void part(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out,
           const std::uint64_t* offsets, std::uint32_t* lines, std::uint64_t* pos) {
  std::copy(offsets, offsets + 2048, pos);
  std::uint32_t* pos32 = (std::uint32_t*)(lines + 2048 * 16);
  for (int d = 0; d < 2048; ++d) pos32[d] = offsets[d];
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint32_t k = in[i];
    const unsigned d = k >> SHIFT;
    if constexpr (V == 0) { const std::uint64_t at = pos[d]++; lines[d * 16 + at % 16] = k; }
    if constexpr (V == 1) { lines[d * 16 + (i % 16)] = k; }
    if constexpr (V == 2) { pos[d]++; }
    if constexpr (V == 3) { const std::uint32_t at = pos32[d]++; lines[d * 16 + at % 16] = k; }
  }
  asm volatile("" ::: "memory");
}

int main(int argc, char** argv) {
  const split_fn fns[4] = {part<0>, part<1>, part<2>, part<3>};
  const char* const names[4] = {"bare loop", "store alone", "count alone", "32-bit counts"};
  return alternate(argc, argv, fns, names, 64 * 2);
}
