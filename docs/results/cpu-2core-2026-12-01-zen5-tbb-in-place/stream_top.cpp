// The top level's partition copy with streamed output lines (no read for ownership of the
// output) against in_place_detail::partition_copy, 2^LOG2 uniform keys on 2 threads, 8 blocks,
// alternated; checked against the plain copy's classes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <random>
#include <vector>
#include <immintrin.h>
#include <oneapi/tbb/task_arena.h>
#include "blocks.hpp"
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/in_place_quicksort.hpp"
using namespace parprim;
using namespace parprim::host::vector_sort_detail;
using clk = std::chrono::steady_clock;

// One side's write-combining: keys gathered in `buffer`, whole aligned lines streamed.
struct side {
  alignas(64) std::uint32_t buffer[48];
  std::uint32_t held = 0;
};

__attribute__((target("avx512f,popcnt"))) inline void emit_up(side& s, std::uint32_t* out, std::uint64_t& pos) {
  const auto misaligned = static_cast<std::uint32_t>((reinterpret_cast<std::uintptr_t>(out + pos) & 63) / 4);
  vec first = _mm512_load_si512(s.buffer);
  std::uint32_t emitted;
  if (misaligned == 0) { _mm512_stream_si512(reinterpret_cast<__m512i*>(out + pos), first); emitted = 16; }
  else { emitted = 16 - misaligned; _mm512_mask_storeu_epi32(out + pos, first_lanes(emitted), first); }
  pos += emitted;
  s.held -= emitted;
  const vec rest0 = _mm512_loadu_si512(s.buffer + emitted), rest1 = _mm512_loadu_si512(s.buffer + emitted + 16);
  _mm512_store_si512(s.buffer, rest0);
  _mm512_store_si512(s.buffer + 16, rest1);
}
__attribute__((target("avx512f,popcnt"))) inline void emit_down(side& s, std::uint32_t* out, std::uint64_t& end) {
  const auto over = static_cast<std::uint32_t>((reinterpret_cast<std::uintptr_t>(out + end) & 63) / 4);
  vec first = _mm512_load_si512(s.buffer);
  std::uint32_t emitted;
  if (over == 0) { _mm512_stream_si512(reinterpret_cast<__m512i*>(out + end - 16), first); emitted = 16; }
  else { emitted = over; _mm512_mask_storeu_epi32(out + end - emitted, first_lanes(emitted), first); }
  end -= emitted;
  s.held -= emitted;
  const vec rest0 = _mm512_loadu_si512(s.buffer + emitted), rest1 = _mm512_loadu_si512(s.buffer + emitted + 16);
  _mm512_store_si512(s.buffer, rest0);
  _mm512_store_si512(s.buffer + 16, rest1);
}

__attribute__((target("avx512f,popcnt"))) void partition_copy_streamed(const std::uint32_t* in, std::uint64_t n, std::uint32_t flip, std::uint32_t pivot, std::uint32_t* out, partition_cursors<std::uint64_t> at) {
  const vec p = _mm512_set1_epi32(static_cast<int>(pivot)), f = _mm512_set1_epi32(static_cast<int>(flip));
  side lo, hi;
  for (std::uint64_t i = 0; i < n; i += 16) {
    const __mmask16 valid = first_lanes(static_cast<std::uint32_t>(std::min<std::uint64_t>(n - i, 16)));
    const vec v = _mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), f);
    const __mmask16 low = _mm512_mask_cmplt_epu32_mask(valid, v, p);
    const __mmask16 high = static_cast<__mmask16>(~low & valid);
    const auto lows = static_cast<std::uint32_t>(__builtin_popcount(low)), highs = static_cast<std::uint32_t>(__builtin_popcount(high));
    _mm512_storeu_si512(lo.buffer + lo.held, _mm512_maskz_compress_epi32(low, v));
    _mm512_storeu_si512(hi.buffer + hi.held, _mm512_maskz_compress_epi32(high, v));
    lo.held += lows;
    hi.held += highs;
    while (lo.held >= 16) emit_up(lo, out, at.front);
    while (hi.held >= 16) emit_down(hi, out, at.back);
  }
  _mm512_mask_storeu_epi32(out + at.front, first_lanes(lo.held), _mm512_load_si512(lo.buffer));
  _mm512_mask_storeu_epi32(out + at.back - hi.held, first_lanes(hi.held), _mm512_load_si512(hi.buffer));
  _mm_sfence();
}

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const std::uint64_t n = std::uint64_t(1) << log2;
  host::aligned_array<std::uint32_t> in(n), out(n), out2(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::fill_n(out.data(), n, 0); std::fill_n(out2.data(), n, 0);
  tbb::task_arena arena(2);
  const std::uint32_t pivot = host::in_place_detail::sampled_pivot(in.data(), n, 0);
  const cpu_tbb::blocks blocks{n, 8};
  std::uint64_t lows[8];
  partition_cursors<std::uint64_t> at[8];
  arena.execute([&] { blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) { lows[b] = host::in_place_detail::count_below<false>(in.data() + begin, end - begin, 0, pivot); }); });
  std::uint64_t total = 0; for (auto l : lows) total += l;
  std::uint64_t lo = 0, hi = total;
  for (int b = 0; b < 8; ++b) { hi += blocks.end(b) - blocks.begin(b) - lows[b]; at[b] = {lo, hi}; lo += lows[b]; }
  std::vector<double> q;
  for (int r = 0; r < 12; ++r) {
    auto t0 = clk::now();
    arena.execute([&] { blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) { host::in_place_detail::partition_copy<false>(in.data() + begin, end - begin, 0, pivot, out.data(), at[b]); }); });
    auto t1 = clk::now();
    arena.execute([&] { blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) { partition_copy_streamed(in.data() + begin, end - begin, 0, pivot, out2.data(), at[b]); }); });
    auto t2 = clk::now();
    const double a = std::chrono::duration<double, std::milli>(t1 - t0).count(), s = std::chrono::duration<double, std::milli>(t2 - t1).count();
    if (r == 0) {
      std::vector<std::uint32_t> x(out.data(), out.data() + total), y(out2.data(), out2.data() + total);
      std::sort(x.begin(), x.end()); std::sort(y.begin(), y.end());
      std::vector<std::uint32_t> x2(out.data() + total, out.data() + n), y2(out2.data() + total, out2.data() + n);
      std::sort(x2.begin(), x2.end()); std::sort(y2.begin(), y2.end());
      if (x != y || x2 != y2) return std::puts("WRONG"), 1;
      continue;
    }
    q.push_back(s / a);
    std::printf("  plain %.2f ms, streamed %.2f ms (%.3fx)\n", a, s, s / a);
  }
  std::sort(q.begin(), q.end());
  std::printf("2^%u: streamed / plain median %.3f (%.3f-%.3f)\n", log2, q[q.size() / 2], q.front(), q.back());
}
