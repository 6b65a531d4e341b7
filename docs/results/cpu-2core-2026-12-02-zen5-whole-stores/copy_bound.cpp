// Step 34 probe: what bounds cpu_tbb's four-way top copy on Zen 5. 2 threads, 8 blocks, 2^LOG2
// uniform u32 keys, alternated: A copy_classes (today), B an XOR copy with plain stores, C the
// same copy streamed (no read for ownership), D four ways with each class's line held in a
// register and streamed when whole.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <immintrin.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/four_way_split.hpp"
using namespace parprim::host;
using namespace parprim::host::four_way_split;
using clk = std::chrono::steady_clock;
using vec = __m512i;

#define T __attribute__((target("avx512f,avx512vl,popcnt")))
struct tables { alignas(64) std::uint32_t merge[16][16]; alignas(64) std::uint32_t rest[16][16]; };
static tables make_tables() {
  tables t;
  for (unsigned p = 0; p < 16; ++p) for (unsigned i = 0; i < 16; ++i) {
    t.merge[p][i] = i < p ? i : 16 + (i - p);
    t.rest[p][i] = (i + 16 - p) & 15;
  }
  return t;
}
static const tables tab = make_tables();

T void xor_copy(const std::uint32_t* in, std::uint64_t n, std::uint32_t* out, bool stream) {
  const vec f = _mm512_set1_epi32(0);
  std::uint64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    vec v = _mm512_xor_si512(_mm512_loadu_si512(in + i), f);
    if (stream) _mm512_stream_si512(reinterpret_cast<vec*>(out + i), v); else _mm512_store_si512(out + i, v);
  }
}

struct line_state { vec pend; std::uint32_t* line; unsigned p; __mmask16 mine; };

T void copy_streamed(const std::uint32_t* in, std::uint64_t n, const pivots& pv, std::uint32_t* out, per_class at) {
  vec p[3];
  for (int c = 0; c < 3; ++c) p[c] = _mm512_set1_epi32(static_cast<int>(pv[c]));
  line_state s[4];
  for (int c = 0; c < 4; ++c) {
    auto addr = reinterpret_cast<std::uintptr_t>(out + at[c]);
    s[c].line = reinterpret_cast<std::uint32_t*>(addr & ~std::uintptr_t{63});
    s[c].p = static_cast<unsigned>((addr & 63) / 4);
    s[c].mine = static_cast<__mmask16>(0xFFFFu << s[c].p);
    s[c].pend = _mm512_setzero_si512();
  }
  for (std::uint64_t i = 0; i + 16 <= n; i += 16) {
    const vec v = _mm512_loadu_si512(in + i);
    const __mmask16 m0 = _mm512_cmpge_epu32_mask(v, p[0]), m1 = _mm512_cmpge_epu32_mask(v, p[1]), m2 = _mm512_cmpge_epu32_mask(v, p[2]);
    const __mmask16 of[4] = {static_cast<__mmask16>(~m0), static_cast<__mmask16>(m0 & ~m1), static_cast<__mmask16>(m1 & ~m2), m2};
    for (int c = 0; c < 4; ++c) {
      const unsigned k = static_cast<unsigned>(__builtin_popcount(of[c]));
      const vec comp = _mm512_maskz_compress_epi32(of[c], v);
      line_state& L = s[c];
      const vec merged = _mm512_permutex2var_epi32(L.pend, _mm512_load_si512(tab.merge[L.p]), comp);
      if (L.p + k >= 16) {
        if (L.mine == 0xFFFF) _mm512_stream_si512(reinterpret_cast<vec*>(L.line), merged);
        else _mm512_mask_store_epi32(L.line, L.mine, merged);
        L.line += 16; L.mine = 0xFFFF;
        L.pend = _mm512_permutexvar_epi32(_mm512_load_si512(tab.rest[L.p]), comp);
        L.p = L.p + k - 16;
      } else { L.pend = merged; L.p += k; }
    }
  }
  for (int c = 0; c < 4; ++c) {
    const __mmask16 m = static_cast<__mmask16>(s[c].mine & ((1u << s[c].p) - 1));
    _mm512_mask_store_epi32(s[c].line, m, s[c].pend);
  }
  _mm_sfence();
}


template <int Form>
T void copy_form(const std::uint32_t* in, std::uint64_t n, const pivots& pv, std::uint32_t* out, per_class at, per_class end = {}) {
  vec p[3];
  for (int c = 0; c < 3; ++c) p[c] = _mm512_set1_epi32(static_cast<int>(pv[c]));
  for (std::uint64_t i = 0; i + 64 <= n; i += 64) {
    if (Form == 3) _mm_prefetch(reinterpret_cast<const char*>(in + i + 1024), _MM_HINT_T0);
    vec vs[4];
    for (int g = 0; g < 4; ++g) vs[g] = _mm512_loadu_si512(in + i + 16 * g);
    for (int g = 0; g < 4; ++g) {
      const vec v = vs[g];
      const __mmask16 m0 = _mm512_cmpge_epu32_mask(v, p[0]), m1 = _mm512_cmpge_epu32_mask(v, p[1]), m2 = _mm512_cmpge_epu32_mask(v, p[2]);
      const __mmask16 of[4] = {static_cast<__mmask16>(~m0), static_cast<__mmask16>(m0 & ~m1), static_cast<__mmask16>(m1 & ~m2), m2};
      for (int c = 0; c < 4; ++c) {
        const unsigned k = static_cast<unsigned>(__builtin_popcount(of[c]));
        if (Form == 4) { const vec cv = _mm512_maskz_compress_epi32(of[c], v); if (at[c] + 16 <= end[c]) _mm512_storeu_si512(out + at[c], cv); else _mm512_mask_storeu_epi32(out + at[c], static_cast<__mmask16>((1u << k) - 1), cv); }
        else if (Form == 1) _mm512_storeu_si512(out + at[c], _mm512_maskz_compress_epi32(of[c], v));
        else if (Form == 2) _mm512_mask_compressstoreu_epi32(out + at[c], of[c], v);
        else _mm512_mask_storeu_epi32(out + at[c], static_cast<__mmask16>((1u << k) - 1), _mm512_maskz_compress_epi32(of[c], v));
        at[c] += k;
      }
    }
  }
}

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::uint64_t n = std::uint64_t(1) << log2;
  aligned_array<std::uint32_t> in(n), out(n), out2(n);
  std::mt19937 rng(35);
  for (std::uint64_t i = 0; i < n; ++i) in.data()[i] = rng();
  std::fill_n(out.data(), n, 0); std::fill_n(out2.data(), n, 0);
  tbb::task_arena arena(2);
  const std::uint64_t B = 8, per = n / B;
  const auto pv = sampled_pivots(in.data(), n, 0);
  std::vector<per_class> c(B);
  arena.execute([&] { tbb::parallel_for(std::uint64_t{0}, B, [&](std::uint64_t b) { c[b] = count_classes(in.data() + b * per, per, 0, pv); }); });
  std::uint64_t sum = 0;
  for (unsigned k = 0; k < 4; ++k) for (std::uint64_t b = 0; b < B; ++b) { const auto x = c[b][k]; c[b][k] = sum; sum += x; }
  std::vector<per_class> e(B);
  for (std::uint64_t b = 0; b < B; ++b) for (unsigned k = 0; k < 4; ++k) e[b][k] = (b + 1 < B ? c[b + 1][k] : (k < 3 ? c[0][k + 1] : n));
  auto run = [&](int which, std::uint32_t* o) {
    auto t0 = clk::now();
    arena.execute([&] { tbb::parallel_for(std::uint64_t{0}, B, [&](std::uint64_t b) {
      const std::uint32_t* src = in.data() + b * per;
      if (which == 0) copy_classes(src, per, 0, pv, o, c[b]);
      else if (which == 1) xor_copy(src, per, o + b * per, false);
      else if (which == 2) xor_copy(src, per, o + b * per, true);
      else if (which == 3) copy_streamed(src, per, pv, o, c[b]);
      else if (which == 4) copy_form<0>(src, per, pv, o, c[b]);
      else if (which == 5) copy_form<1>(src, per, pv, o, c[b]);
      else if (which == 6) copy_form<2>(src, per, pv, o, c[b]);
      else if (which == 7) copy_form<3>(src, per, pv, o, c[b]);
      else copy_form<4>(src, per, pv, o, c[b], e[b]);
    }, tbb::simple_partitioner{}); });
    return std::chrono::duration<double, std::milli>(clk::now() - t0).count();
  };
  run(0, out.data()); for (int w : {3, 8}) { std::fill_n(out2.data(), n, 0); run(w, out2.data()); if (!std::equal(out.data(), out.data() + n, out2.data())) { std::printf("WRONG %d\n", w); return 1; } }
  std::vector<double> t[9];
  for (int r = 0; r < rounds; ++r) {
    for (int w = 0; w < 9; ++w) t[w].push_back(run(w, w == 0 ? out.data() : out2.data()));
  }
  const char* name[9] = {"A copy_classes", "B xor copy plain", "C xor copy streamed", "D 4-way streamed lines", "E masked (no xor)", "F unmasked store", "G compressstore mem", "H masked+prefetch", "I unmasked but the end"};
  for (int w = 0; w < 9; ++w) { auto x = t[w]; std::sort(x.begin(), x.end()); std::printf("2^%u %-24s median %.2f ms (%.2f-%.2f)\n", log2, name[w], x[x.size()/2], x.front(), x.back()); }
}
