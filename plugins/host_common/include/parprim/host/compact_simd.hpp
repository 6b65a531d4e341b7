// SIMD compaction for x86-64 with SSE4.2 (x86-64-v2): compare a 16-byte vector against the
// predicate, turn the lane mask into a byte shuffle that packs the kept lanes to the front,
// store all 16 bytes at the cursor and advance it by the number kept. One store per vector
// instead of one per element: a scalar branch-free loop is bound by the store port.
//
// Selected at run time (simd_compact_supported), so the plugins still run on a baseline x86-64.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "parprim/host/compact_scalar.hpp"
#include "parprim/host/keep_rule.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PARPRIM_HAVE_SIMD_COMPACT 1
#include <immintrin.h>
#endif

namespace parprim::host {

#if PARPRIM_HAVE_SIMD_COMPACT

namespace detail {

// For every lane mask, the byte shuffle that moves the kept lanes (of `Lanes` lanes) to the
// front in order; 0x80 zeroes the bytes past them.
template <int Lanes>
struct pack_table {
  alignas(16) std::uint8_t shuffle[1 << Lanes][16];
  constexpr pack_table() : shuffle{} {
    constexpr int lane_bytes = 16 / Lanes;
    for (int bits = 0; bits < (1 << Lanes); ++bits) {
      int out = 0;
      for (int lane = 0; lane < Lanes; ++lane)
        if ((bits >> lane) & 1) {
          for (int b = 0; b < lane_bytes; ++b)
            shuffle[bits][out * lane_bytes + b] = std::uint8_t(lane * lane_bytes + b);
          ++out;
        }
      for (int b = out * lane_bytes; b < 16; ++b) shuffle[bits][b] = 0x80;
    }
  }
};
inline constexpr pack_table<4> pack4{};
inline constexpr pack_table<2> pack2{};

// Lane mask of the kept lanes of x.
template <class T>
__attribute__((target("sse4.2"))) inline int kept_lanes(__m128i x, bool greater_than, T threshold) {
  if constexpr (std::is_same_v<T, float>) {
    const __m128 v = _mm_castsi128_ps(x);
    const __m128 m = greater_than ? _mm_cmpgt_ps(v, _mm_set1_ps(threshold))
                                  : _mm_cmpneq_ps(v, _mm_setzero_ps());  // NaN kept, -0 not
    return _mm_movemask_ps(m);
  } else if constexpr (std::is_same_v<T, double>) {
    const __m128d v = _mm_castsi128_pd(x);
    const __m128d m =
        greater_than ? _mm_cmpgt_pd(v, _mm_set1_pd(threshold)) : _mm_cmpneq_pd(v, _mm_setzero_pd());
    return _mm_movemask_pd(m);
  } else if constexpr (sizeof(T) == 4) {
    if (!greater_than)
      return ~_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(x, _mm_setzero_si128()))) & 15;
    // Unsigned order is signed order after flipping the sign bits.
    const __m128i flip = _mm_set1_epi32(std::is_signed_v<T> ? 0 : int(0x80000000u));
    const __m128i t = _mm_set1_epi32(int(threshold));
    return _mm_movemask_ps(
        _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_xor_si128(x, flip), _mm_xor_si128(t, flip))));
  } else {
    if (!greater_than)
      return ~_mm_movemask_pd(_mm_castsi128_pd(_mm_cmpeq_epi64(x, _mm_setzero_si128()))) & 3;
    const __m128i flip =
        _mm_set1_epi64x(std::is_signed_v<T> ? 0 : static_cast<long long>(0x8000000000000000ull));
    const __m128i t = _mm_set1_epi64x(static_cast<long long>(threshold));
    return _mm_movemask_pd(
        _mm_castsi128_pd(_mm_cmpgt_epi64(_mm_xor_si128(x, flip), _mm_xor_si128(t, flip))));
  }
}

}  // namespace detail

template <class T>
bool simd_compact_supported() {
  static const bool yes = __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt");
  return yes;
}

template <class T>
__attribute__((target("sse4.2,popcnt"))) std::uint64_t simd_compact(const T* in, T* out,
                                                                    std::uint64_t n,
                                                                    const keep_rule<T>& keep) {
  constexpr int lanes = 16 / sizeof(T);
  const auto& table = [] {
    if constexpr (lanes == 4)
      return detail::pack4;
    else
      return detail::pack2;
  }();
  std::uint64_t count = 0, i = 0;
  // Storing 16 bytes at out + count writes lanes count..count+lanes-1 <= i+lanes-1 < n.
  for (; i + lanes <= n; i += lanes) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    const int bits = detail::kept_lanes<T>(x, keep.greater_than, keep.threshold);
    const __m128i shuffle = _mm_load_si128(reinterpret_cast<const __m128i*>(table.shuffle[bits]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + count), _mm_shuffle_epi8(x, shuffle));
    count += static_cast<std::uint64_t>(__builtin_popcount(static_cast<unsigned>(bits)));
  }
  return count + scalar_compact(in + i, out + count, n - i, keep);
}

#else

template <class T>
bool simd_compact_supported() {
  return false;
}
template <class T>
std::uint64_t simd_compact(const T*, T*, std::uint64_t, const keep_rule<T>&) {
  return 0;  // never called: simd_compact_supported() is false
}

#endif

}  // namespace parprim::host
