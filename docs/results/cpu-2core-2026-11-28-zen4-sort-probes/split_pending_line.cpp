// The split's write-combining gather (write_combining_scatter.hpp), stand-alone: mode 0 streams
// each full line at once, mode 1 one line-fill later (a pending line), in case the 16 scalar
// stores of a just-filled line stall its loads (perf put a third of cpu_tbb's gather samples
// beside those loads on Zen 4). g++ -std=c++20 -O3 -DNDEBUG split_pending_line.cpp; ./a.out LOG2N
// The split's write-combining gather (keys only, 2048 buckets by the top 11 bits), as
// write_combining_scatter.hpp has it, against a form that streams each full line one line-fill
// later (the pending line), so that its 16 scalar stores have left the store buffer.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>
#include <algorithm>
#include <emmintrin.h>
constexpr unsigned B = 2048, L = 16;
alignas(64) static std::uint32_t lines[B * L];
static inline void stream_line(std::uint32_t* dst, const std::uint32_t* src) {
  for (int k = 0; k < 4; ++k)
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst) + k, _mm_load_si128(reinterpret_cast<const __m128i*>(src) + k));
}
template <int Mode>
__attribute__((noinline)) void split(const std::uint32_t* in, std::uint64_t n, std::uint64_t* pos, std::uint32_t* out) {
  unsigned pending = ~0u; std::uint64_t pending_line = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    __builtin_prefetch(in + i + 256);
    const std::uint32_t k = in[i];
    const unsigned d = k >> 21;
    const std::uint64_t at = pos[d]++;
    const unsigned slot = at % L;
    if constexpr (Mode == 1) {
      if (slot == 0 && pending == d) { stream_line(out + pending_line, lines + d * L); pending = ~0u; }
    }
    lines[d * L + slot] = k;
    if (slot == L - 1) {
      if constexpr (Mode == 0) stream_line(out + at - slot, lines + d * L);
      else {
        if (pending != ~0u) stream_line(out + pending_line, lines + pending * L);
        pending = d; pending_line = at - slot;
      }
    }
  }
  if constexpr (Mode == 1) if (pending != ~0u) stream_line(out + pending_line, lines + pending * L);
  _mm_sfence();
}
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(1) << (argc > 1 ? atoi(argv[1]) : 24);
  std::vector<std::uint32_t> in(n); std::mt19937 g(7); for (auto& x : in) x = g();
  std::vector<std::uint64_t> count(B + 1, 0); for (auto x : in) ++count[(x >> 21) + 1];
  // line-aligned bucket starts (as if each bucket began on a line) so every full line streams
  std::vector<std::uint64_t> start(B); std::uint64_t s = 0;
  for (unsigned d = 0; d < B; ++d) { start[d] = s; s += (count[d + 1] + L - 1) / L * L; }
  std::uint32_t* out = static_cast<std::uint32_t*>(std::aligned_alloc(64, (s + 64) * 4));
  std::memset(out, 0, (s + 64) * 4);
  for (int round = 0; round < 5; ++round)
    for (int mode = 0; mode < 2; ++mode) {
      std::vector<std::uint64_t> pos(start);
      auto t0 = std::chrono::steady_clock::now();
      if (mode == 0) split<0>(in.data(), n, pos.data(), out); else split<1>(in.data(), n, pos.data(), out);
      auto t1 = std::chrono::steady_clock::now();
      // check: full lines hold their bucket's keys
      std::uint64_t bad = 0;
      for (unsigned d = 0; d < B; d += 97) for (std::uint64_t j = start[d]; j + L <= pos[d]; ++j) bad += (out[j] >> 21) != d;
      printf("round %d mode %d: %.3f ns/key%s\n", round, mode, std::chrono::duration<double, std::nano>(t1 - t0).count() / n, bad ? " BAD" : "");
      std::memset(out, 0, (s + 64) * 4);
    }
}
