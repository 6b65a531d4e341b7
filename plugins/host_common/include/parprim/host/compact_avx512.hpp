// AVX-512 compaction for x86-64: compare a 64-byte vector against the predicate into a lane
// mask, pack the kept lanes to the front with one register compress (vpcompressd/q), store all
// 64 bytes at the cursor and advance it by the number kept.
//
// The SSE form (compact_simd.hpp) is bound by its instruction count, not by memory: on the
// 2-core Zen 4 machine it takes 15.8 ms per 2^26 i32 elements already in L2, about the time
// memory needs for the whole compaction, which leaves a parallel compaction (whose parts are
// compacted and copied out once more) below the copy bound. This one packs 16 lanes where that
// one packs 4: 7.1 ms. The compress writes a register, never memory: the memory form is
// microcoded on Zen 4 and many times slower.
//
// Selected at run time (compact.hpp), so the plugins still run on machines without AVX-512.
#pragma once

#include <cstdint>
#include <type_traits>

#include "parprim/host/avx512.hpp"
#include "parprim/host/compact_scalar.hpp"
#include "parprim/host/keep_rule.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>
#endif

namespace parprim::host {

#if PARPRIM_HAVE_AVX512

#define PARPRIM_AVX512_TARGET __attribute__((target("avx512f,popcnt")))

namespace detail {

/// The lanes of x that the predicate keeps, as a mask (16 lanes of 4 bytes or 8 of 8).
template <class T>
PARPRIM_AVX512_TARGET inline unsigned kept_lanes_avx512(__m512i x, const keep_rule<T>& keep) {
  if constexpr (std::is_same_v<T, float>) {
    const __m512 v = _mm512_castsi512_ps(x);
    // Not-equal unordered: NaN kept, -0.0 dropped, as x != 0 does.
    return keep.greater_than ? _mm512_cmp_ps_mask(v, _mm512_set1_ps(keep.threshold), _CMP_GT_OQ)
                             : _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_NEQ_UQ);
  } else if constexpr (std::is_same_v<T, double>) {
    const __m512d v = _mm512_castsi512_pd(x);
    return keep.greater_than ? _mm512_cmp_pd_mask(v, _mm512_set1_pd(keep.threshold), _CMP_GT_OQ)
                             : _mm512_cmp_pd_mask(v, _mm512_setzero_pd(), _CMP_NEQ_UQ);
  } else if constexpr (sizeof(T) == 4) {
    if (!keep.greater_than) return _mm512_test_epi32_mask(x, x);
    const __m512i t = _mm512_set1_epi32(static_cast<int>(keep.threshold));
    return std::is_signed_v<T> ? _mm512_cmpgt_epi32_mask(x, t) : _mm512_cmpgt_epu32_mask(x, t);
  } else {
    if (!keep.greater_than) return _mm512_test_epi64_mask(x, x);
    const __m512i t = _mm512_set1_epi64(static_cast<long long>(keep.threshold));
    return std::is_signed_v<T> ? _mm512_cmpgt_epi64_mask(x, t) : _mm512_cmpgt_epu64_mask(x, t);
  }
}

template <class T>
PARPRIM_AVX512_TARGET inline __m512i pack_kept_avx512(unsigned mask, __m512i x) {
  if constexpr (sizeof(T) == 4)
    return _mm512_maskz_compress_epi32(static_cast<__mmask16>(mask), x);
  else
    return _mm512_maskz_compress_epi64(static_cast<__mmask8>(mask), x);
}

}  // namespace detail

/// compact_range's contract (compact.hpp): out has room for n elements and holds garbage past
/// the returned count. Two vectors a step, so the second's compare does not wait on the first's
/// store address.
template <class T>
PARPRIM_AVX512_TARGET std::uint64_t avx512_compact(const T* in, T* out, std::uint64_t n,
                                                   const keep_rule<T>& keep) {
  constexpr std::uint64_t lanes = 64 / sizeof(T);
  std::uint64_t count = 0, i = 0;
  // Storing 64 bytes at out + count writes lanes count..count+lanes-1 <= i+lanes-1 < n.
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    const __m512i x = _mm512_loadu_si512(in + i);
    const __m512i y = _mm512_loadu_si512(in + i + lanes);
    const unsigned kx = detail::kept_lanes_avx512<T>(x, keep);
    const unsigned ky = detail::kept_lanes_avx512<T>(y, keep);
    _mm512_storeu_si512(out + count, detail::pack_kept_avx512<T>(kx, x));
    count += static_cast<std::uint64_t>(__builtin_popcount(kx));
    _mm512_storeu_si512(out + count, detail::pack_kept_avx512<T>(ky, y));
    count += static_cast<std::uint64_t>(__builtin_popcount(ky));
  }
  return count + scalar_compact(in + i, out + count, n - i, keep);
}

#undef PARPRIM_AVX512_TARGET

#else

template <class T>
std::uint64_t avx512_compact(const T*, T*, std::uint64_t, const keep_rule<T>&) {
  return 0;  // never called: has_avx512f() is false
}

#endif

}  // namespace parprim::host
