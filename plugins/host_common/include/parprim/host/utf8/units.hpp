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

using parprim::utf8::code_point_of;
using parprim::utf8::encode_unit;
using parprim::utf8::encoded;
using parprim::utf8::unit;

/// The unit starting at b0 with the three bytes after it (parprim::utf8::unit_of, the lead
/// looked up).
inline unit decode_unit(std::uint32_t b0, std::uint32_t b1, std::uint32_t b2, std::uint32_t b3) {
  return parprim::utf8::unit_of(lead_table[b0], b0, b1, b2, b3);
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
    f.continuation_mask = l.length == 0   ? 0
                          : l.length == 3 ? 0xC00000u
                          : l.length == 4 ? 0xC0C00000u
                                          : 0;
    f.continuation_bits = l.length == 0   ? 1
                          : l.length == 3 ? 0x800000u
                          : l.length == 4 ? 0x80800000u
                                          : 0;
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
