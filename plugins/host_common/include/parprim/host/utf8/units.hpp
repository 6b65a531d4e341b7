// One unit of UTF-8 at a time, without a branch on its bytes: the step the CPU decoders and
// encoders repeat between their vector paths (decode.hpp, encode.hpp).
//
// A unit is a well-formed sequence or a maximal subpart of an ill-formed one (utf8/
// well_formed.hpp). Decoding one from four loaded bytes counts how far its bytes match Table 3-7
// (the lead's length, the first continuation byte's bounds, then 80-BF), and that count is both
// how far to advance and, when it reaches the lead's length, the sign of a complete sequence:
// the rule of maximal subparts is "advance by what matched" whether or not it completed.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "parprim/utf8/well_formed.hpp"

namespace parprim::host::utf8 {

using parprim::utf8::lead;

/// lead_of() for every byte, looked up instead of computed.
inline constexpr std::array<lead, 256> lead_table = [] {
  std::array<lead, 256> t{};
  for (unsigned b = 0; b < 256; ++b) t[b] = parprim::utf8::lead_of(static_cast<std::uint8_t>(b));
  return t;
}();

/// The code point of a `length`-byte sequence whose bytes are b0..b3: the four bytes' payloads
/// (the lead's under `payload`), then the ones past the length shifted out.
inline std::uint32_t code_point_of(std::uint32_t b0, std::uint32_t b1, std::uint32_t b2,
                                   std::uint32_t b3, std::uint32_t payload, unsigned length) {
  const std::uint32_t bits = (b0 & payload) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 |
                             (b3 & 0x3F);
  return bits >> (6 * (4 - (length & 3)) % 24);
}

struct unit {
  std::uint32_t code_point;  // U+FFFD for a maximal subpart
  unsigned length;           // bytes it takes, 1-4
  bool complete;             // a well-formed sequence (false: one replaced subpart)
};

/// The unit starting at b0 with the three bytes after it (bytes past the input's end given as
/// 0, which continues nothing, so a sequence cut short by the end is a maximal subpart).
inline unit decode_unit(std::uint32_t b0, std::uint32_t b1, std::uint32_t b2, std::uint32_t b3) {
  const lead l = lead_table[b0];
  const unsigned m1 =
      (l.length >= 2) & (static_cast<std::uint8_t>(b1 - l.first_low) <=
                         static_cast<std::uint8_t>(l.first_high - l.first_low));
  const unsigned m2 = m1 & (l.length >= 3) & ((b2 & 0xC0) == 0x80);
  const unsigned m3 = m2 & (l.length >= 4) & ((b3 & 0xC0) == 0x80);
  const unsigned matched = 1 + m1 + m2 + m3;
  const bool complete = matched == l.length;
  const std::uint32_t cp = code_point_of(b0, b1, b2, b3, l.payload, l.length);
  return {complete ? cp : parprim::utf8::replacement, matched, complete};
}

/// What the fast path checks of a lead byte, to take a well-formed sequence in one test of the
/// four bytes as a little-endian word w: the byte after the lead within [low, low + span], and
/// (w & continuation_mask) == continuation_bits for the later bytes of the sequence. A byte
/// that starts no sequence fails the test (mask 0, bits 1), and takes the unit-by-unit path.
struct fast_lead {
  std::uint8_t length, low, span, payload;
  std::uint32_t continuation_mask, continuation_bits;
};
inline constexpr std::array<fast_lead, 256> fast_table = [] {
  std::array<fast_lead, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    const lead l = lead_table[b];
    fast_lead& f = t[b];
    f.length = static_cast<std::uint8_t>(l.length);
    f.payload = l.payload;
    f.low = l.length >= 2 ? l.first_low : 0;
    f.span = l.length >= 2 ? static_cast<std::uint8_t>(l.first_high - l.first_low) : 0xFF;
    f.continuation_mask = l.length == 0 ? 0 : l.length == 3 ? 0xC00000u : l.length == 4 ? 0xC0C00000u : 0;
    f.continuation_bits = l.length == 0 ? 1 : l.length == 3 ? 0x800000u : l.length == 4 ? 0x80800000u : 0;
  }
  return t;
}();

/// The sequence's length as its lead byte says (1 for ASCII, the lead's count of leading ones
/// otherwise): computed from the byte alone, so that the next unit's position waits only for
/// this byte's load, not for the table and the test (which the branch on `well_formed` leaves
/// off the critical path while it is predicted).
inline unsigned length_from_lead(std::uint32_t b0) {
  return b0 < 0x80 ? 1u : static_cast<unsigned>(std::countl_one(static_cast<std::uint8_t>(b0)));
}

/// Whether the word w starts with a well-formed sequence, whose length is then
/// length_from_lead(w & 0xFF); its code point is written to `cp` either way (garbage if not).
inline bool decode_well_formed(std::uint32_t w, std::uint32_t& cp) {
  const fast_lead& f = fast_table[w & 0xFF];
  cp = code_point_of(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF, w >> 24, f.payload, f.length);
  return static_cast<std::uint8_t>(((w >> 8) & 0xFF) - f.low) <= f.span &&
         (w & f.continuation_mask) == f.continuation_bits;
}

/// The unit at in[i], reading at most up to in[n-1].
inline unit decode_unit_at(const std::uint8_t* in, std::uint64_t i, std::uint64_t n) {
  if (i + 4 <= n) return decode_unit(in[i], in[i + 1], in[i + 2], in[i + 3]);
  auto at = [&](std::uint64_t k) -> std::uint32_t { return k < n ? in[k] : 0; };
  return decode_unit(in[i], at(i + 1), at(i + 2), at(i + 3));
}

/// A code point's UTF-8 bytes packed little-endian in a word (U+FFFD's for one that is not a
/// scalar value), and how many of them there are.
struct encoded {
  std::uint32_t bytes;
  unsigned length;
};
inline encoded encode_unit(std::uint32_t cp) {
  cp = parprim::utf8::is_scalar(cp) ? cp : parprim::utf8::replacement;
  const unsigned length = 1 + (cp >= 0x80) + (cp >= 0x800) + (cp >= 0x10000);
  const std::uint32_t c1 = 0x80 | (cp & 0x3F), c2 = 0x80 | ((cp >> 6) & 0x3F),
                      c3 = 0x80 | ((cp >> 12) & 0x3F);
  const std::uint32_t two = (0xC0 | (cp >> 6)) | c1 << 8;
  const std::uint32_t three = (0xE0 | (cp >> 12)) | c2 << 8 | c1 << 16;
  const std::uint32_t four = (0xF0 | (cp >> 18)) | c3 << 8 | c2 << 16 | c1 << 24;
  const std::uint32_t bytes = length == 1 ? cp : length == 2 ? two : length == 3 ? three : four;
  return {bytes, length};
}

/// Stores all four bytes of the word: the caller's next store overwrites those past `length`.
static_assert(std::endian::native == std::endian::little, "store_word writes byte 0 first");
inline void store_word(std::uint8_t* out, std::uint32_t bytes) {
  std::memcpy(out, &bytes, 4);  // little-endian x86 and Arm: byte 0 first
}

/// The first unit start at or after `i` (at most 3 bytes on: UTF-8 is self-synchronising), or
/// n: where a part of the input cut at `i` begins.
inline std::uint64_t next_unit_start(const std::uint8_t* in, std::uint64_t i, std::uint64_t n) {
  while (i < n && !parprim::utf8::is_unit_start(in, i)) ++i;
  return i;
}

}  // namespace parprim::host::utf8
