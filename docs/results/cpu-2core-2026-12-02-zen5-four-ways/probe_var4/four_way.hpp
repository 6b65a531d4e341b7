// The 4-way top level's kernels (probe of step 33).
#include <algorithm>
#include <array>
#include <cstdint>
#include <immintrin.h>
namespace four_way {
#define FW_TARGET __attribute__((target("avx512f,popcnt")))
#define FW_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline
using vec = __m512i;
constexpr unsigned lanes = 16;
using counts = std::array<std::uint64_t, 4>;
struct pivots { std::uint32_t p[3]; };
inline pivots sampled_quartiles(const std::uint32_t* in, std::uint64_t n, std::uint32_t flip) {
  constexpr unsigned samples = 255;
  std::uint32_t s[samples];
  for (unsigned i = 0; i < samples; ++i) s[i] = in[(n - 1) * i / (samples - 1)] ^ flip;
  std::sort(s, s + samples);
  return {{s[63], s[127], s[191]}};
}
struct masks { __mmask16 of[4]; };
FW_INLINE masks classes(vec v, const vec (&p)[3], __mmask16 valid) {
  const __mmask16 ge0 = _mm512_mask_cmpge_epu32_mask(valid, v, p[0]);
  const __mmask16 ge1 = _mm512_mask_cmpge_epu32_mask(valid, v, p[1]);
  const __mmask16 ge2 = _mm512_mask_cmpge_epu32_mask(valid, v, p[2]);
  return {{static_cast<__mmask16>(valid & ~ge0), static_cast<__mmask16>(ge0 & ~ge1),
           static_cast<__mmask16>(ge1 & ~ge2), ge2}};
}
FW_TARGET inline counts count_classes(const std::uint32_t* in, std::uint64_t n, std::uint32_t flip, pivots pv) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  const vec p[3] = {_mm512_set1_epi32(static_cast<int>(pv.p[0])), _mm512_set1_epi32(static_cast<int>(pv.p[1])), _mm512_set1_epi32(static_cast<int>(pv.p[2]))};
  std::uint64_t ge[3] = {0, 0, 0}, i = 0;
  for (; i + lanes <= n; i += lanes) {
    const vec v = _mm512_xor_si512(_mm512_loadu_si512(in + i), f);
    for (unsigned c = 0; c < 3; ++c) ge[c] += static_cast<unsigned>(__builtin_popcount(_mm512_cmpge_epu32_mask(v, p[c])));
  }
  if (i < n) {
    const __mmask16 valid = static_cast<__mmask16>((1u << (n - i)) - 1);
    const vec v = _mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), f);
    for (unsigned c = 0; c < 3; ++c) ge[c] += static_cast<unsigned>(__builtin_popcount(_mm512_mask_cmpge_epu32_mask(valid, v, p[c])));
  }
  return {n - ge[0], ge[0] - ge[1], ge[1] - ge[2], ge[2]};
}
FW_INLINE void scatter(vec v, const masks& m, std::uint32_t* out, std::uint64_t (&at)[4]) {
  for (unsigned c = 0; c < 4; ++c) {
    const auto k = static_cast<std::uint32_t>(__builtin_popcount(m.of[c]));
    _mm512_mask_storeu_epi32(out + at[c], static_cast<__mmask16>(0xFFFFu >> (lanes - k)), _mm512_maskz_compress_epi32(m.of[c], v));
    at[c] += k;
  }
}
FW_TARGET inline void classify_copy(const std::uint32_t* in, std::uint64_t n, std::uint32_t flip, pivots pv, std::uint32_t* out, counts cursors) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  const vec p[3] = {_mm512_set1_epi32(static_cast<int>(pv.p[0])), _mm512_set1_epi32(static_cast<int>(pv.p[1])), _mm512_set1_epi32(static_cast<int>(pv.p[2]))};
  std::uint64_t at[4] = {cursors[0], cursors[1], cursors[2], cursors[3]};
  std::uint64_t i = 0;
  for (; i + 4 * lanes <= n; i += 4 * lanes) {
    vec x[4];
    for (unsigned g = 0; g < 4; ++g) x[g] = _mm512_xor_si512(_mm512_loadu_si512(in + i + g * lanes), f);
    for (unsigned g = 0; g < 4; ++g) scatter(x[g], classes(x[g], p, 0xFFFF), out, at);
  }
  for (; i < n; i += lanes) {
    const __mmask16 valid = static_cast<__mmask16>(n - i >= lanes ? 0xFFFFu : (1u << (n - i)) - 1);
    const vec v = _mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), f);
    scatter(v, classes(v, p, valid), out, at);
  }
}
#undef FW_TARGET
#undef FW_INLINE
}  // namespace four_way
