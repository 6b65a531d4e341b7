// Sixteen code points to UTF-8 at once (AVX-512 with VBMI2), with no branch on their values and
// no table: each lane's bytes are assembled in place as vector_encode.hpp does (last byte lowest,
// the markers of its length XORed in), each lane's bytes then reversed so that its lead comes
// first, and one byte compress (vpcompressb) keeps each lane's top `length` bytes, end to end.
// Against the AVX2 step (eight code points, two table lookups and two shuffles) it is half the
// instructions per code point. docs/algorithms/utf8.md measures it.
#pragma once

#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"

#if PARPRIM_HAVE_UTF8_SIMD

namespace parprim::host::utf8::vector_encode512 {

PARPRIM_UTF8_AVX512_TARGET inline __m512i all(std::uint32_t v) {
  return _mm512_set1_epi32(static_cast<int>(v));
}

// The shifts by their zero-masked forms under a full mask (the same instruction): GCC 12's
// unmasked forms pass _mm512_undefined_epi32() through, which -Wmaybe-uninitialized flags.
PARPRIM_UTF8_AVX512_TARGET inline __m512i shift_left(__m512i x, unsigned bits) {
  return _mm512_maskz_slli_epi32(0xFFFF, x, bits);
}
PARPRIM_UTF8_AVX512_TARGET inline __m512i shift_left(__m512i x, __m512i bits) {
  return _mm512_maskz_sllv_epi32(0xFFFF, x, bits);
}

/// Encodes the sixteen code points at `in` to `out` (one 64-byte store) and returns how many
/// bytes are the encoding (past them up to 48 bytes of garbage, for the caller's next store to
/// overwrite).
PARPRIM_UTF8_AVX512_TARGET inline unsigned encode16(const std::uint32_t* in, std::uint8_t* out) {
  __m512i cp = _mm512_loadu_si512(in);
  // Not a scalar value (above 10FFFF, or a surrogate): U+FFFD.
  const __mmask16 invalid =
      _mm512_cmpgt_epu32_mask(cp, all(0x10FFFF)) |
      _mm512_cmpeq_epi32_mask(_mm512_and_si512(cp, all(0xFFFFF800u)), all(0xD800));
  cp = _mm512_mask_mov_epi32(cp, invalid, all(0xFFFD));
  const __mmask16 two = _mm512_cmpgt_epu32_mask(cp, all(0x7F));
  const __mmask16 three = _mm512_cmpgt_epu32_mask(cp, all(0x7FF));
  const __mmask16 four = _mm512_cmpgt_epu32_mask(cp, all(0xFFFF));
  // Six payload bits a byte, the last byte in byte 0 (seven there, bit 6 cleared below for a
  // longer lane), as in vector_encode.hpp.
  const __m512i spread = _mm512_ternarylogic_epi32(
      _mm512_and_si512(cp, all(0x7F)), _mm512_and_si512(shift_left(cp, 2), all(0x3F00)),
      _mm512_or_si512(_mm512_and_si512(shift_left(cp, 4), all(0x3F0000)),
                      _mm512_and_si512(shift_left(cp, 6), all(0x7000000))),
      0xFE);  // a | b | c
  // The length markers as differences XORed in (the masks nest: four implies three, two).
  __m512i lanes = _mm512_mask_xor_epi32(
      spread, two, spread, _mm512_or_si512(all(0xC080), _mm512_and_si512(cp, all(0x40))));
  lanes = _mm512_mask_xor_epi32(lanes, three, lanes, all(0xE04000u));
  lanes = _mm512_mask_xor_epi32(lanes, four, lanes, all(0xF0600000u));
  // Each lane's bytes reversed: the lead (byte length-1) moves to byte 4-length, the last to 3.
  const __m512i reverse = _mm512_set4_epi32(0x0C0D0E0F, 0x08090A0B, 0x04050607, 0x00010203);
  const __m512i ordered = _mm512_shuffle_epi8(lanes, reverse);
  // Keep each lane's bytes from 4-length up: all ones shifted left by 8 (4 - length).
  __m512i shift = all(24);
  shift = _mm512_mask_sub_epi32(shift, two, shift, all(8));
  shift = _mm512_mask_sub_epi32(shift, three, shift, all(8));
  shift = _mm512_mask_sub_epi32(shift, four, shift, all(8));
  const __mmask64 keep = _mm512_movepi8_mask(shift_left(all(0xFFFFFFFFu), shift));
  _mm512_storeu_si512(out, _mm512_maskz_compress_epi8(keep, ordered));
  return static_cast<unsigned>(__builtin_popcountll(keep));
}

}  // namespace parprim::host::utf8::vector_encode512

#endif
