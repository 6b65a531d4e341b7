// Probe after step 42 (docs/algorithms/cpu_sort.md, "Issue 35 on Zen 4"): line_store_probe.cpp's
// split loop (the code's form) against forms without its per-key branch: a bucket's line that a
// key completes is listed branch-free and streamed after every G keys (batched; two lines a
// bucket, so that the next keys do not overwrite it first), or after the next group (delayed,
// G <= 8); and, built with -DNO_BRANCH, the loop's bound with neither the branch nor any flush
// ("bound": wrong output, timing only). Alternated in one process, 2^LOG2 uniform u32 keys
// (seed 43), 2048 buckets.
// Build: g++ -std=c++20 -O3 -DNDEBUG [-DNO_BRANCH] flush_probe.cpp -o probe/flush_probe
// Run: probe/flush_probe LOG2 ROUNDS
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"

namespace {

constexpr int ring_slots = 32;  // two lines a bucket

__attribute__((target("avx512f,avx512bw"))) void stream_ring_line(std::uint32_t* out,
                                                                  const std::uint32_t* rings,
                                                                  std::uint64_t entry) {
  const unsigned d = entry & 2047;
  const std::uint64_t first = (entry >> 11) - 15;  // the line's first position
  _mm512_stream_si512((__m512i*)(out + first),
                      _mm512_load_si512(rings + d * ring_slots + first % ring_slots));
}

// One key into its bucket's ring; returns its list entry (position << 11 | bucket) and whether
// it completed a line.
inline bool put(std::uint32_t k, std::uint32_t* rings, std::uint64_t* pos, std::uint64_t& entry) {
  const unsigned d = k >> SHIFT;
  const std::uint64_t at = pos[d]++;
  rings[d * ring_slots + at % ring_slots] = k;
  entry = (at << 11) | d;
  return at % 16 == 15;
}

// Groups of G keys, each group's completed lines streamed `lag` groups later (0 or 1).
template <int G, int lag>
__attribute__((target("avx512f,avx512bw"))) void split_listed(
    const std::uint32_t* in, std::uint64_t n, std::uint32_t* out, const std::uint64_t* offsets,
    std::uint32_t* rings, std::uint64_t* pos) {
  static_assert(lag == 0 || G <= 8);
  std::copy(offsets, offsets + 2048, pos);
  std::uint64_t listed[2][G];
  unsigned counts[2] = {0, 0};
  int now = 0;
  const auto stream_group = [&](int g) {
    for (unsigned c = 0; c < counts[g]; ++c) stream_ring_line(out, rings, listed[g][c]);
    counts[g] = 0;
  };
  std::uint64_t i = 0;
  for (; i + G <= n; i += G) {
    unsigned count = 0;
    for (int j = 0; j < G; ++j) count += put(in[i + j], rings, pos, listed[now][count]);
    counts[now] = count;
    if (lag) now ^= 1;
    stream_group(now);
  }
  stream_group(now ^ 1);
  for (; i < n; ++i) {  // the last keys one at a time
    std::uint64_t entry;
    if (put(in[i], rings, pos, entry)) stream_ring_line(out, rings, entry);
  }
  _mm_sfence();
}

}  // namespace

int main(int argc, char** argv) {
#ifdef NO_BRANCH
  const split_fn fns[4] = {split<sse_nt>, split<none>, split_listed<8, 1>, split_listed<16, 0>};
  const char* const names[4] = {"the code", "bound", "delayed 8", "batched 16"};
#else
  const split_fn fns[4] = {split<sse_nt>, split_listed<4, 1>, split_listed<8, 1>,
                           split_listed<8, 0>};
  const char* const names[4] = {"the code", "delayed 4", "delayed 8", "batched 8"};
#endif
  return alternate(argc, argv, fns, names, ring_slots * 4);
}
