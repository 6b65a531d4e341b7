// Multi-byte UTF-8 a window at a time (AVX2's 128-bit shuffles): up to four whole characters
// from the first 12 bytes at a unit start, gathered into the four 32-bit lanes of a register by
// one shuffle, decoded and checked against Table 3-7 lane by lane, stored as one register.
//
// Which bytes belong to which character is read from where characters end: byte k ends one
// when byte k+1 is not a continuation byte. Those 12 bits index a table (built here, once, at
// compile time) that says how the first (at most four) segments of a lead byte and its
// continuation bytes are gathered, their lengths, and how many bytes and characters they take.
// The table assumes every segment is a character; the lane check then confirms it: a lane whose
// lead does not announce its segment's length, an overlong, a surrogate or a value above
// U+10FFFF stops the window there: the caller keeps the lanes before it and decodes one unit
// at that byte by the unit step (units.hpp), where the maximal-subpart rule lives, then takes
// windows again. So windows decode exactly what the unit loop would. docs/algorithms/utf8.md measures it.
#pragma once

#include <array>
#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"

#if PARPRIM_HAVE_UTF8_SIMD

namespace parprim::host::utf8::window {

/// Bytes a window reads, and the most its characters may take (four 3-byte characters; four
/// 4-byte ones do not fit, and then three are taken).
inline constexpr unsigned bytes_read = 16;
inline constexpr unsigned bytes_taken = 12;

/// How one tuple of segment lengths is gathered and checked. `gather`: lane k's bytes, the
/// character's last byte in the lane's byte 0 and its lead highest (0x80: a zero byte). Then,
/// per lane, by its length (an unused lane is a 1-byte character of value 0, which passes): the
/// lead and continuation markers the lane must show under `marker_mask` (its unused high bytes
/// 0), the smallest code point the length may encode (smaller ones are overlong), and the bits
/// of its payload (the 3-byte lead's marker reaches bit 17 of the assembled value). Held in the
/// table rather than picked by shuffles: a load port is free where the shuffle port is not.
struct pattern {
  alignas(16) std::uint8_t gather[16];
  alignas(16) std::uint32_t marker_mask[4];
  alignas(16) std::uint32_t marker_bits[4];
  alignas(16) std::uint32_t smallest[4];
  alignas(16) std::uint32_t payload[4];
};

/// Those constants for the lengths 1-4.
inline constexpr std::uint32_t marker_mask_of[4] = {0xFFFFFF80u, 0xFFFFE0C0u, 0xFFF0C0C0u,
                                                   0xF8C0C0C0u};
inline constexpr std::uint32_t marker_bits_of[4] = {0u, 0xC080u, 0xE08080u, 0xF0808080u};
inline constexpr std::uint32_t smallest_of[4] = {0u, 0x80u, 0x800u, 0x10000u};
inline constexpr std::uint32_t payload_of[4] = {0x7Fu, 0x7FFu, 0xFFFFu, 0x1FFFFFu};

/// A pattern per tuple of up to four lengths 1-4, at index l0 + 5 l1 + 25 l2 + 125 l3 (0: no
/// such segment).
inline constexpr unsigned pattern_count = 625;

/// A window's key: bit k set when its byte k ends a segment (byte k+1 is not a continuation
/// byte), for k < 12.
inline constexpr unsigned key_count = 1u << bytes_taken;

/// What a key's window decodes: its pattern's index, how many characters, and the bytes the
/// first k of them take (lane_end[k - 1]), to resume after those that were well-formed.
struct step {
  std::uint16_t pattern;
  std::uint8_t characters;
  std::uint8_t lane_end[4];
};

inline constexpr std::array<pattern, pattern_count> patterns = [] {
  std::array<pattern, pattern_count> table{};
  for (unsigned key = 0; key < pattern_count; ++key) {
    pattern& p = table[key];
    unsigned first_byte = 0;
    for (unsigned lane = 0, rest = key; lane < 4; ++lane, rest /= 5) {
      const unsigned length = rest % 5;
      for (unsigned j = 0; j < 4; ++j)
        p.gather[4 * lane + j] =
            j < length ? static_cast<std::uint8_t>(first_byte + length - 1 - j) : 0x80;
      const unsigned of = (length == 0 ? 1 : length) - 1;
      p.marker_mask[lane] = marker_mask_of[of];
      p.marker_bits[lane] = marker_bits_of[of];
      p.smallest[lane] = smallest_of[of];
      p.payload[lane] = payload_of[of];
      first_byte += length;
    }
  }
  return table;
}();

/// The first (at most four) segments of a key's window that are characters, as the pattern
/// index and how many bytes they take (0: none, such as a run of continuation bytes; the
/// caller falls back).
struct segments {
  unsigned pattern = 0, bytes = 0, characters = 0;
  unsigned end[4] = {0, 0, 0, 0};
};
constexpr segments segments_of(unsigned key) {
  segments s;
  for (unsigned k = 0, weight = 1; k < bytes_taken && s.characters < 4; ++k) {
    if (!(key >> k & 1)) continue;
    const unsigned length = k + 1 - s.bytes;
    if (length > 4) break;  // not a character: the window ends before it
    s.pattern += length * weight;
    weight *= 5;
    s.bytes = k + 1;
    s.end[s.characters++] = s.bytes;
  }
  return s;
}

inline constexpr std::array<step, key_count> steps = [] {
  std::array<step, key_count> table{};
  for (unsigned key = 0; key < key_count; ++key) {
    const segments s = segments_of(key);
    table[key] = {static_cast<std::uint16_t>(s.pattern),
                  static_cast<std::uint8_t>(s.characters),
                  {static_cast<std::uint8_t>(s.end[0]), static_cast<std::uint8_t>(s.end[1]),
                   static_cast<std::uint8_t>(s.end[2]), static_cast<std::uint8_t>(s.end[3])}};
  }
  return table;
}();

/// The bytes a key's window takes, in a table of its own: the next window's position waits for
/// this load alone (shift, mask, load, add), which is what bounds the decoder's speed.
inline constexpr std::array<std::uint8_t, key_count> advance = [] {
  std::array<std::uint8_t, key_count> table{};
  for (unsigned key = 0; key < key_count; ++key)
    table[key] = static_cast<std::uint8_t>(segments_of(key).bytes);
  return table;
}();

/// Where segments end in a block whose byte k is a continuation byte when bit k of
/// `continuation` is set: bit k set when byte k+1 is not one.
inline std::uint64_t ends_of(std::uint64_t continuation) { return ~continuation >> 1; }

/// The key of the window at byte `at` of the block (at + 12 <= 63).
inline unsigned key_at(std::uint64_t ends, unsigned at) {
  return static_cast<unsigned>(ends >> at) & (key_count - 1);
}

/// Decodes the characters of the window at `at`, whose key is `key`, into `code_points`
/// (lanes past steps[key].characters are garbage), and returns a bit per lane that is not a
/// well-formed character (0: all are).
PARPRIM_AVX2_TARGET inline unsigned decode(const std::uint8_t* at, unsigned key,
                                           __m128i& code_points) {
  const pattern& p = patterns[steps[key].pattern];
  auto constant = [](const void* v) { return _mm_load_si128(static_cast<const __m128i*>(v)); };
  const __m128i lanes = _mm_shuffle_epi8(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(at)), constant(p.gather));
  // Every byte's low bits into place; a continuation byte's bit 6 is 0, so byte 0 keeps 7 bits.
  const __m128i assembled = _mm_or_si128(
      _mm_or_si128(_mm_and_si128(lanes, _mm_set1_epi32(0x7F)),
                   _mm_and_si128(_mm_srli_epi32(lanes, 2), _mm_set1_epi32(0xFC0))),
      _mm_or_si128(_mm_and_si128(_mm_srli_epi32(lanes, 4), _mm_set1_epi32(0x3F000)),
                   _mm_and_si128(_mm_srli_epi32(lanes, 6), _mm_set1_epi32(0x1C0000))));
  const __m128i cp = _mm_and_si128(assembled, constant(p.payload));
  const __m128i markers_right =
      _mm_cmpeq_epi32(_mm_and_si128(lanes, constant(p.marker_mask)), constant(p.marker_bits));
  const __m128i overlong = _mm_cmpgt_epi32(constant(p.smallest), cp);
  const __m128i too_large = _mm_cmpgt_epi32(cp, _mm_set1_epi32(0x10FFFF));
  const __m128i surrogate = _mm_cmpeq_epi32(_mm_and_si128(cp, _mm_set1_epi32(int(0xFFFFF800u))),
                                            _mm_set1_epi32(0xD800));
  const __m128i wrong = _mm_or_si128(overlong, _mm_or_si128(too_large, surrogate));
  code_points = cp;
  return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(wrong))) |
         (~static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(markers_right))) & 0xF);
}

}  // namespace parprim::host::utf8::window

#endif
