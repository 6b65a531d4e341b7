// The counts of digits of 32-bit keys with AVX-512: of one digit, the radix sort's first read of
// the whole array (count_digit in digit_counts.hpp, which chooses it at run time), and of every
// digit a cache sort needs (count_digits; steps 20 and 22). The scalar count takes
// about 8 instructions a key (the load, the radix key's map, the bounds' OR and AND, the
// digit's shift, the counter's load, add and store) and ran at 0.70 ns a key where the array
// reads at 0.26 (docs/algorithms/cpu_sort.md, step 19): the core's work, not memory's. Here 16
// keys are mapped, bounded and cut to their digits by a few vector instructions; only the
// counters' increments stay scalar.
#pragma once

#include <cstdint>
#include <type_traits>

#include "parprim/host/avx512.hpp"
#include "parprim/host/prefetch_ahead.hpp"
#include "parprim/host/radix_keys.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>
#endif

namespace parprim::host {

/// How the vector counts take each key's digit to its counter. The digits are stored 16 at a
/// time; at -O3 GCC turns their reloads into vpextrd/vextracti128 (`extract`), so every
/// counter's address comes out of the vector unit. Intel's cores count fastest that way; on
/// Zen 4 those counts took 8-16 ns a key, where the digits read back from memory (`memory`)
/// took 0.9, and the form read back was 1.1-1.5x slower on Emerald Rapids
/// (docs/algorithms/cpu_sort.md, steps 24 and 25). count_digit and count_digits choose by
/// vector_digit_reads().
enum class digit_reads { extract, memory };

/// This CPU's form: `memory` on AMD's cores (Zen 4 measured; Zen 5 runs both forms alike,
/// 0.73-1.00 ns a key: cpu_sort.md, "Issue 35 on Zen 5"), `extract` elsewhere.
inline digit_reads vector_digit_reads() {
#if PARPRIM_HAVE_AVX512
  static const digit_reads reads =
      __builtin_cpu_is("amd") ? digit_reads::memory : digit_reads::extract;
  return reads;
#else
  return digit_reads::extract;
#endif
}

#if PARPRIM_HAVE_AVX512

namespace vector_count_detail {

// Shifts by their zero-masked forms under a full mask (the same instructions): GCC 12's
// unmasked forms pass _mm512_undefined_epi32() through, which -Wmaybe-uninitialized flags.
constexpr __mmask16 every_lane = 0xFFFF;

/// With digit_reads::memory, makes GCC read the stored digits back from memory instead of
/// extracting each lane from the register (the empty asm may change them, so they must be
/// stored first and loaded after); with digit_reads::extract, leaves GCC its extracts.
template <digit_reads Reads, class Lanes>
__attribute__((always_inline)) inline void read_digits(Lanes& lanes) {
  if constexpr (Reads == digit_reads::memory) asm("" : "+m"(lanes));
}

/// radix_keys<T>'s map of 16 elements of a 32-bit T at once (radix_key.hpp's order).
template <class T>
__attribute__((target("avx512f"), always_inline)) inline __m512i radix_keys16(__m512i bits,
                                                                              std::uint32_t flip) {
  const __m512i sign = _mm512_set1_epi32(static_cast<int>(0x80000000u));
  if constexpr (std::is_floating_point_v<T>) {
    // -0.0 sorts as +0.0; then a negative float is complemented, a positive one gets its sign.
    bits = _mm512_mask_mov_epi32(bits, _mm512_cmpeq_epi32_mask(bits, sign), _mm512_setzero_si512());
    const __m512i negative = _mm512_maskz_srai_epi32(every_lane, bits, 31);
    return _mm512_xor_si512(bits, _mm512_xor_si512(_mm512_or_si512(negative, sign),
                                                   _mm512_set1_epi32(static_cast<int>(flip))));
  } else if constexpr (std::is_signed_v<T>) {
    return _mm512_xor_si512(bits, _mm512_set1_epi32(static_cast<int>(flip ^ 0x80000000u)));
  } else {
    return _mm512_xor_si512(bits, _mm512_set1_epi32(static_cast<int>(flip)));
  }
}

}  // namespace vector_count_detail

/// count_digit's contract for 32-bit T over the whole vectors of in[0..n) (n rounded down to
/// 16 keys; count_digit counts the rest): adds the counts of `place`'s digit to
/// counts[0..place.buckets()) and returns their key bounds, the digits taken to their counters
/// as `Reads` says. Call only where has_avx512f().
template <digit_reads Reads, class T, class Count>
__attribute__((target("avx512f"))) key_bounds<std::uint32_t> vector_count_digit(
    const T* in, std::uint64_t n, radix_keys<T> keys, digit_place place, Count* counts) {
  static_assert(sizeof(T) == 4);
  using namespace vector_count_detail;
  const __m512i shift = _mm512_set1_epi32(static_cast<int>(place.shift));
  const __m512i digit_mask = _mm512_set1_epi32(static_cast<int>(place.buckets() - 1));
  __m512i any = _mm512_setzero_si512(), all = _mm512_set1_epi32(-1);
  alignas(64) std::uint32_t digits[16];
  std::uint64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    prefetch_ahead(in + i);
    const __m512i k = radix_keys16<T>(_mm512_loadu_si512(in + i), keys.flip);
    any = _mm512_or_si512(any, k);
    all = _mm512_and_si512(all, k);
    _mm512_store_si512(digits,
                       _mm512_and_si512(_mm512_maskz_srlv_epi32(every_lane, k, shift), digit_mask));
    read_digits<Reads>(digits);
    for (int j = 0; j < 16; ++j) ++counts[digits[j]];
  }
  // The lanes' bounds through memory, once: GCC 12's _mm512_reduce_* would warn as above.
  alignas(64) std::uint32_t lanes_any[16], lanes_all[16];
  _mm512_store_si512(lanes_any, any);
  _mm512_store_si512(lanes_all, all);
  key_bounds<std::uint32_t> bounds;
  for (int j = 0; j < 16; ++j) {
    bounds.any |= lanes_any[j];
    bounds.all &= lanes_all[j];
  }
  return bounds;
}

/// count_digits' contract for 32-bit T (digit_counts.hpp) over the whole vectors of in[0..n)
/// (n rounded down to 16 keys; count_digits counts the rest): adds the counts of D digits, one
/// read, histograms[d] for places[d], the digits taken to their counters as `Reads` says. Call
/// only where has_avx512f().
template <unsigned D, digit_reads Reads, class T, class Histograms>
__attribute__((target("avx512f"))) void vector_count_digits(const T* in, std::uint32_t n,
                                                            radix_keys<T> keys,
                                                            const digit_place* places,
                                                            Histograms& histograms) {
  static_assert(sizeof(T) == 4);
  using namespace vector_count_detail;
  __m512i shifts[D], masks[D];
  for (unsigned d = 0; d < D; ++d) {
    shifts[d] = _mm512_set1_epi32(static_cast<int>(places[d].shift));
    masks[d] = _mm512_set1_epi32(static_cast<int>(places[d].buckets() - 1));
  }
  alignas(64) std::uint32_t digits[D][16];
  std::uint32_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i k = radix_keys16<T>(_mm512_loadu_si512(in + i), keys.flip);
#pragma GCC unroll 8
    for (unsigned d = 0; d < D; ++d)
      _mm512_store_si512(
          digits[d], _mm512_and_si512(_mm512_maskz_srlv_epi32(every_lane, k, shifts[d]), masks[d]));
    read_digits<Reads>(digits);
#pragma GCC unroll 8
    for (unsigned d = 0; d < D; ++d)
      for (int j = 0; j < 16; ++j) ++histograms[d][digits[d][j]];
  }
}

#else

template <digit_reads Reads, class T, class Count>
key_bounds<std::uint32_t> vector_count_digit(const T*, std::uint64_t, radix_keys<T>, digit_place,
                                             Count*) {
  return {};  // never called: has_avx512f() is false
}
template <unsigned D, digit_reads Reads, class T, class Histograms>
void vector_count_digits(const T*, std::uint32_t, radix_keys<T>, const digit_place*, Histograms&) {
}  // never called: has_avx512f() is false

#endif

}  // namespace parprim::host
