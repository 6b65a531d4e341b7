// Well-formed UTF-8 (Unicode 15, chapter 3, Table 3-7) as the data every UTF-8 decoder of
// parprim reads: what a lead byte starts (its length and the bounds of its first continuation
// byte), and what a code point encodes to. Header-only and constexpr, so that the reference,
// the CPU backends and (later) device code share one statement of the rules.
#pragma once

#include <cstdint>

namespace parprim::utf8 {

/// U+FFFD REPLACEMENT CHARACTER: what each maximal subpart of an ill-formed sequence becomes,
/// and what a surrogate or a value above U+10FFFF encodes as.
inline constexpr std::uint32_t replacement = 0xFFFD;
inline constexpr std::uint32_t max_scalar = 0x10FFFF;

/// What a byte starts. length 0: the byte starts no sequence (a continuation byte 80-BF, or
/// C0, C1, F5-FF, which never appear). For a lead byte, [first_low, first_high] bounds the byte
/// after it (Table 3-7: E0 A0-BF, ED 80-9F, F0 90-BF, F4 80-8F, else 80-BF); every later
/// continuation byte is 80-BF. `payload` masks the lead's own bits of the code point.
struct lead {
  unsigned length;
  std::uint8_t first_low, first_high;
  std::uint8_t payload;
};

constexpr lead lead_of(std::uint8_t b) {
  if (b < 0x80) return {1, 0, 0, 0x7F};
  if (b < 0xC2) return {0, 0, 0, 0};  // continuation bytes, and C0/C1 (overlong 2-byte leads)
  if (b < 0xE0) return {2, 0x80, 0xBF, 0x1F};
  if (b == 0xE0) return {3, 0xA0, 0xBF, 0x0F};  // below A0: an overlong 3-byte form
  if (b == 0xED) return {3, 0x80, 0x9F, 0x0F};  // above 9F: a surrogate, D800-DFFF
  if (b < 0xF0) return {3, 0x80, 0xBF, 0x0F};
  if (b == 0xF0) return {4, 0x90, 0xBF, 0x07};  // below 90: an overlong 4-byte form
  if (b < 0xF4) return {4, 0x80, 0xBF, 0x07};
  if (b == 0xF4) return {4, 0x80, 0x8F, 0x07};  // above 8F: above U+10FFFF
  return {0, 0, 0, 0};                          // F5-FF
}

/// The byte values where Table 3-7's ranges begin and end, and an ASCII letter: the bytes whose
/// every combination a decoder is tested on.
inline constexpr std::uint8_t boundary_bytes[] = {
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};

constexpr bool is_continuation(std::uint8_t b) {
  return (b & 0xC0) == 0x80;
}

/// Whether the byte at `i` starts a unit of decoding (a well-formed sequence or a maximal subpart),
/// judged from at most the 3 bytes before it: the data-parallel form of the decoder, where each
/// unit gives one code point. Every byte that is not a continuation byte starts a unit; a
/// continuation byte does not exactly when the nearest byte before it that is not one, k <= 3
/// bytes back, is a lead needing at least k continuation bytes, the byte after that lead is
/// within its first-continuation bounds, and the bytes between are continuation bytes (they
/// are: that lead is the nearest non-continuation byte).
constexpr bool is_unit_start(const std::uint8_t* in, std::uint64_t i) {
  if (!is_continuation(in[i])) return true;
  for (std::uint64_t k = 1; k <= 3 && k <= i; ++k) {
    const std::uint8_t b = in[i - k];
    if (is_continuation(b)) continue;
    const lead l = lead_of(b);
    return !(l.length > k && in[i - k + 1] >= l.first_low && in[i - k + 1] <= l.first_high);
  }
  return true;  // 3 continuation bytes before it, or the input's start: nothing holds it
}

/// Whether a code point is a Unicode scalar value: not a surrogate, not above U+10FFFF.
/// Noncharacters (U+FFFE, U+FDD0...) are scalar values.
constexpr bool is_scalar(std::uint32_t cp) {
  return cp <= max_scalar && (cp < 0xD800 || cp > 0xDFFF);
}

/// The bytes a code point encodes to: 1-4, and 3 (U+FFFD) for one that is not a scalar value.
constexpr unsigned encoded_length(std::uint32_t cp) {
  if (!is_scalar(cp)) return 3;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/// Writes a code point's UTF-8 bytes (U+FFFD's for one that is not a scalar value) to `out`,
/// which has room for 4, and returns how many it wrote.
constexpr unsigned encode_one(std::uint32_t cp, std::uint8_t* out) {
  if (!is_scalar(cp)) cp = replacement;
  const unsigned length = encoded_length(cp);
  switch (length) {
    case 1:
      out[0] = static_cast<std::uint8_t>(cp);
      break;
    case 2:
      out[0] = static_cast<std::uint8_t>(0xC0 | (cp >> 6));
      out[1] = static_cast<std::uint8_t>(0x80 | (cp & 0x3F));
      break;
    case 3:
      out[0] = static_cast<std::uint8_t>(0xE0 | (cp >> 12));
      out[1] = static_cast<std::uint8_t>(0x80 | ((cp >> 6) & 0x3F));
      out[2] = static_cast<std::uint8_t>(0x80 | (cp & 0x3F));
      break;
    default:
      out[0] = static_cast<std::uint8_t>(0xF0 | (cp >> 18));
      out[1] = static_cast<std::uint8_t>(0x80 | ((cp >> 12) & 0x3F));
      out[2] = static_cast<std::uint8_t>(0x80 | ((cp >> 6) & 0x3F));
      out[3] = static_cast<std::uint8_t>(0x80 | (cp & 0x3F));
  }
  return length;
}

/// The code point of a `length`-byte sequence whose bytes are b0..b3: the four bytes' payloads
/// (the lead's under `payload`), then the ones past the length shifted out.
constexpr std::uint32_t code_point_of(std::uint32_t b0, std::uint32_t b1, std::uint32_t b2,
                                      std::uint32_t b3, std::uint32_t payload, unsigned length) {
  const std::uint32_t bits =
      (b0 & payload) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F);
  return bits >> (6 * ((4 - length) & 3));  // 18, 12, 6, 0 for lengths 1-4 (no division)
}

/// One unit of decoding: a well-formed sequence, or a maximal subpart of an ill-formed one.
struct unit {
  std::uint32_t code_point;  // U+FFFD for a maximal subpart
  unsigned length;           // bytes it takes, 1-4
  bool complete;             // a well-formed sequence (false: one replaced subpart)
};

/// The unit starting at b0 with the three bytes after it, l being lead_of(b0) (the CPU looks it
/// up in a table, the GPU computes it), without a branch on the bytes: how far they match Table
/// 3-7 (the lead's length, the first continuation byte's bounds, then 80-BF) is both how far
/// to advance and, when it reaches the lead's length, the sign of a complete sequence (the rule
/// of maximal subparts is "advance by what matched" whether or not it completed). Bytes past
/// the input's end are given as 0, which continues nothing, so a sequence cut short by the end
/// is a maximal subpart.
constexpr unit unit_of(lead l, std::uint32_t b0, std::uint32_t b1, std::uint32_t b2,
                       std::uint32_t b3) {
  const unsigned m1 = (l.length >= 2) & (static_cast<std::uint8_t>(b1 - l.first_low) <=
                                         static_cast<std::uint8_t>(l.first_high - l.first_low));
  const unsigned m2 = m1 & (l.length >= 3) & ((b2 & 0xC0) == 0x80);
  const unsigned m3 = m2 & (l.length >= 4) & ((b3 & 0xC0) == 0x80);
  const unsigned matched = 1 + m1 + m2 + m3;
  const bool complete = matched == l.length;
  const std::uint32_t cp = code_point_of(b0, b1, b2, b3, l.payload, l.length);
  return {complete ? cp : replacement, matched, complete};
}

/// The unit starting at in[i] of an input of n bytes, reading at most up to in[n-1] (bytes past
/// the end are given as 0): the lead computed by lead_of(), as device code computes it.
constexpr unit unit_at(const std::uint8_t* in, std::uint64_t n, std::uint64_t i) {
  auto at = [&](std::uint64_t k) -> std::uint32_t { return k < n ? in[k] : 0; };
  const std::uint32_t b0 = in[i];
  return unit_of(lead_of(in[i]), b0, at(i + 1), at(i + 2), at(i + 3));
}

/// A code point's UTF-8 bytes packed little-endian in a word (U+FFFD's for one that is not a
/// scalar value), and how many of them there are: encode_one() without a branch.
struct encoded {
  std::uint32_t bytes;
  unsigned length;
};
constexpr encoded encode_unit(std::uint32_t cp) {
  cp = is_scalar(cp) ? cp : replacement;
  const unsigned length = 1 + (cp >= 0x80) + (cp >= 0x800) + (cp >= 0x10000);
  const std::uint32_t c1 = 0x80 | (cp & 0x3F), c2 = 0x80 | ((cp >> 6) & 0x3F),
                      c3 = 0x80 | ((cp >> 12) & 0x3F);
  const std::uint32_t two = (0xC0 | (cp >> 6)) | c1 << 8;
  const std::uint32_t three = (0xE0 | (cp >> 12)) | c2 << 8 | c1 << 16;
  const std::uint32_t four = (0xF0 | (cp >> 18)) | c3 << 8 | c2 << 16 | c1 << 24;
  const std::uint32_t bytes = length == 1 ? cp : length == 2 ? two : length == 3 ? three : four;
  return {bytes, length};
}

}  // namespace parprim::utf8
