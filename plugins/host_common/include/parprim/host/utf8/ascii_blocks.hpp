// The vector half of the UTF-8 decoder and encoder: runs of ASCII, tested and converted a
// register at a time. Two widths, chosen at run time (isa.hpp): AVX2's 32 bytes and SSE2's 16
// (every x86-64 has SSE2); elsewhere there is only the scalar path.
#pragma once

#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PARPRIM_HAVE_UTF8_SIMD 1
#include <immintrin.h>
#endif

namespace parprim::host::utf8 {

#if PARPRIM_HAVE_UTF8_SIMD

// AVX2 with BMI1/2 (every AVX2 CPU from Haswell and Zen 1 on has them): the decoder's window
// position moves by variable shifts and trailing-zero counts, which BMI2's shrx and BMI1's
// tzcnt do in one uop each, without the flags dependency of shr by cl.
#define PARPRIM_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2")))

// AVX-512 F and BW (the byte masks), VBMI (the two-register byte permute) and VBMI2 (the byte
// compress): Ice Lake, Sapphire Rapids and later Intel cores, Zen 4 and Zen 5. AVX2 and BMI
// too, for the ASCII blocks and the bit arithmetic beside them.
#define PARPRIM_UTF8_AVX512_TARGET \
  __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,avx2,bmi,bmi2")))

/// 16 bytes a step (SSE2).
struct sse2_blocks {
  static constexpr unsigned bytes = 16;
  /// Bit k set: byte k is not ASCII.
  static unsigned non_ascii(const std::uint8_t* in) {
    return static_cast<unsigned>(
        _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in))));
  }
  /// The 16 bytes as 16 code points.
  static void widen(const std::uint8_t* in, std::uint32_t* out) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in)),
                  zero = _mm_setzero_si128();
    const __m128i lo = _mm_unpacklo_epi8(x, zero), hi = _mm_unpackhi_epi8(x, zero);
    auto* o = reinterpret_cast<__m128i*>(out);
    _mm_storeu_si128(o + 0, _mm_unpacklo_epi16(lo, zero));
    _mm_storeu_si128(o + 1, _mm_unpackhi_epi16(lo, zero));
    _mm_storeu_si128(o + 2, _mm_unpacklo_epi16(hi, zero));
    _mm_storeu_si128(o + 3, _mm_unpackhi_epi16(hi, zero));
  }
  /// 16 code points: whether all are ASCII, and if so their bytes stored.
  static bool narrow_ascii(const std::uint32_t* in, std::uint8_t* out) {
    const auto* p = reinterpret_cast<const __m128i*>(in);
    const __m128i a = _mm_loadu_si128(p), b = _mm_loadu_si128(p + 1), c = _mm_loadu_si128(p + 2),
                  d = _mm_loadu_si128(p + 3);
    const __m128i any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(any, _mm_set1_epi32(~0x7F)),
                                          _mm_setzero_si128())) != 0xFFFF)
      return false;
    // Every value is below 0x80, so the signed saturating packs are exact.
    const __m128i words = _mm_packs_epi32(a, b), words2 = _mm_packs_epi32(c, d);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_packus_epi16(words, words2));
    return true;
  }
};

/// 32 bytes a step (AVX2).
struct avx2_blocks {
  static constexpr unsigned bytes = 32;
  PARPRIM_AVX2_TARGET static unsigned non_ascii(const std::uint8_t* in) {
    return static_cast<unsigned>(
        _mm256_movemask_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in))));
  }
  PARPRIM_AVX2_TARGET static void widen(const std::uint8_t* in, std::uint32_t* out) {
    widen16(in, out);
    widen16(in + 16, out + 16);
  }
  /// Half a block: 16 bytes as 16 code points (the decoder's ASCII prefix of a window).
  PARPRIM_AVX2_TARGET static void widen16(const std::uint8_t* in, std::uint32_t* out) {
    auto* o = reinterpret_cast<__m256i*>(out);
    for (int k = 0; k < 2; ++k)
      _mm256_storeu_si256(o + k, _mm256_cvtepu8_epi32(_mm_loadl_epi64(
                                      reinterpret_cast<const __m128i*>(in + 8 * k))));
  }
  /// Bit k set where byte k of the 64 bytes at `in` (as two registers) has its sign bit.
  PARPRIM_AVX2_TARGET static std::uint64_t sign_bits64(__m256i lo, __m256i hi) {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
           std::uint64_t(static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))) << 32;
  }
  PARPRIM_AVX2_TARGET static bool narrow_ascii(const std::uint32_t* in, std::uint8_t* out) {
    const auto* p = reinterpret_cast<const __m256i*>(in);
    const __m256i a = _mm256_loadu_si256(p), b = _mm256_loadu_si256(p + 1),
                  c = _mm256_loadu_si256(p + 2), d = _mm256_loadu_si256(p + 3);
    const __m256i any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
    if (!_mm256_testz_si256(any, _mm256_set1_epi32(~0x7F))) return false;
    // The packs work within 128-bit lanes; one permute puts the 32 bytes back in order.
    const __m256i words = _mm256_packs_epi32(a, b), words2 = _mm256_packs_epi32(c, d);
    const __m256i bytes = _mm256_packus_epi16(words, words2);
    _mm256_storeu_si256(
        reinterpret_cast<__m256i*>(out),
        _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)));
    return true;
  }
};

#endif

/// No vector path: every unit goes through the scalar step.
struct scalar_blocks {
  static constexpr unsigned bytes = 0;
  static unsigned non_ascii(const std::uint8_t*) { return 1; }
  static void widen(const std::uint8_t*, std::uint32_t*) {}
  static bool narrow_ascii(const std::uint32_t*, std::uint8_t*) { return false; }
};

}  // namespace parprim::host::utf8
