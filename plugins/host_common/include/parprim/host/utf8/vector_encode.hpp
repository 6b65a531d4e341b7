// Eight code points to UTF-8 at once (AVX2), with no branch on their values: each lane
// replaced by U+FFFD if it is not a scalar value, its bytes assembled in place (last byte
// lowest, the markers of its length XORed in), then per four lanes one shuffle, chosen by their
// four lengths, packs the lanes' bytes lead first and end to end. The table is built here at
// compile time. docs/algorithms/utf8.md measures it.
#pragma once

#include <array>
#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"

#if PARPRIM_HAVE_UTF8_SIMD

namespace parprim::host::utf8::vector_encode {

/// The shuffle for four lanes of lengths 1 + (index >> 2k & 3), k = 0..3, and the bytes they
/// make: lane k's byte L-1 (its lead) first, down to its byte 0.
struct pack {
  alignas(16) std::uint8_t shuffle[16];
  std::uint32_t bytes;
};

inline constexpr std::array<pack, 256> packs = [] {
  std::array<pack, 256> table{};
  for (unsigned index = 0; index < table.size(); ++index) {
    pack& p = table[index];
    unsigned at = 0;
    for (unsigned lane = 0; lane < 4; ++lane) {
      const unsigned length = 1 + (index >> (2 * lane) & 3);
      for (unsigned j = 0; j < length; ++j)
        p.shuffle[at++] = static_cast<std::uint8_t>(4 * lane + length - 1 - j);
    }
    p.bytes = at;
    for (; at < 16; ++at) p.shuffle[at] = 0x80;
  }
  return table;
}();

/// v in every 32-bit lane (a function, not a lambda: a lambda does not take the AVX2 target).
PARPRIM_AVX2_TARGET inline __m256i all(std::uint32_t v) {
  return _mm256_set1_epi32(static_cast<int>(v));
}

/// Encodes the eight code points at `in` to `out` (two packs of four, each storing 16 bytes)
/// and returns how many bytes are the encoding (past them up to 12 bytes of garbage, for the
/// caller's next store to overwrite).
PARPRIM_AVX2_TARGET inline unsigned encode8(const std::uint32_t* in, std::uint8_t* out) {
  __m256i cp = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
  // Not a scalar value: above 10FFFF (as unsigned: the signed compare also catches the top
  // half, which reads negative) or a surrogate. Replaced by U+FFFD.
  const __m256i invalid = _mm256_or_si256(
      _mm256_or_si256(_mm256_cmpgt_epi32(cp, all(0x10FFFF)),
                      _mm256_cmpgt_epi32(_mm256_setzero_si256(), cp)),
      _mm256_cmpeq_epi32(_mm256_and_si256(cp, all(0xFFFFF800u)), all(0xD800)));
  cp = _mm256_blendv_epi8(cp, all(0xFFFD), invalid);
  const __m256i two = _mm256_cmpgt_epi32(cp, all(0x7F));      // length >= 2
  const __m256i three = _mm256_cmpgt_epi32(cp, all(0x7FF));   // length >= 3
  const __m256i four = _mm256_cmpgt_epi32(cp, all(0xFFFF));   // length 4
  // Six payload bits a byte, the last byte in byte 0 (seven there: an ASCII lane's byte 0 is
  // all the pack takes of it; a longer one's bit 6 is cleared below).
  const __m256i spread = _mm256_or_si256(
      _mm256_or_si256(_mm256_and_si256(cp, all(0x7F)),
                      _mm256_and_si256(_mm256_slli_epi32(cp, 2), all(0x3F00))),
      _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi32(cp, 4), all(0x3F0000)),
                      _mm256_and_si256(_mm256_slli_epi32(cp, 6), all(0x7000000))));
  // The markers of lengths 2, 3 and 4 (C080, E08080, F0808080) as differences XORed in: the
  // length masks nest (four implies three implies two), so no blend is needed. Length 2's term
  // also carries byte 0's bit 6, which the XOR clears.
  const __m256i two_and_bit6 = _mm256_or_si256(all(0xC080), _mm256_and_si256(cp, all(0x40)));
  const __m256i markers = _mm256_xor_si256(
      _mm256_xor_si256(_mm256_and_si256(two, two_and_bit6),
                       _mm256_and_si256(three, all(0xE04000u))),
      _mm256_and_si256(four, all(0xF0600000u)));
  const __m256i lanes = _mm256_xor_si256(spread, markers);
  // Each lane's length - 1 (0-3) as a byte, then each half's four packed 2 bits apart.
  const __m256i extra = _mm256_sub_epi32(_mm256_setzero_si256(),
                                         _mm256_add_epi32(_mm256_add_epi32(two, three), four));
  const __m256i packed = _mm256_packus_epi16(_mm256_packus_epi32(extra, extra), extra);
  auto index = [](std::uint32_t per_lane) {
    return (per_lane | per_lane >> 6 | per_lane >> 12 | per_lane >> 18) & 0xFF;
  };
  const pack& low = packs[index(static_cast<std::uint32_t>(_mm256_extract_epi32(packed, 0)))];
  const pack& high = packs[index(static_cast<std::uint32_t>(_mm256_extract_epi32(packed, 4)))];
  auto shuffle = [](const pack& p) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(p.shuffle));
  };
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                   _mm_shuffle_epi8(_mm256_castsi256_si128(lanes), shuffle(low)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + low.bytes),
                   _mm_shuffle_epi8(_mm256_extracti128_si256(lanes, 1), shuffle(high)));
  return low.bytes + high.bytes;
}

}  // namespace parprim::host::utf8::vector_encode

#endif
