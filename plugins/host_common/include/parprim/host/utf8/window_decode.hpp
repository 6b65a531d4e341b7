// Multi-byte UTF-8 a window at a time (AVX2): up to eight whole characters from the first 12
// bytes at a unit start, gathered into the eight 32-bit lanes of a register by one shuffle,
// decoded and checked against Table 3-7 lane by lane, stored as one register.
//
// Which bytes belong to which character is read from where characters end: byte k ends one
// when byte k+1 is not a continuation byte. Those 12 bits are the window's key, which indexes
// tables (built here at compile time) that say how the first (at most eight) segments of a
// lead byte and its continuation bytes are gathered, their lengths, and how many bytes and
// characters they take. The tables assume every segment is a character; the lane check then
// confirms it: a lane whose lead does not announce its segment's length, an overlong, a
// surrogate or a value above U+10FFFF stops the window there: the caller keeps the lanes before
// it and decodes one unit at that byte by the unit step (units.hpp), where the maximal-subpart
// rule lives, then takes windows again. So windows decode exactly what the unit loop would.
// docs/algorithms/utf8.md measures it.
#pragma once

#include <array>
#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"

#if PARPRIM_HAVE_UTF8_SIMD

namespace parprim::host::utf8::window {

/// Bytes a window reads, the most its characters may take, and the most characters it takes
/// (eight 1- or 2-byte ones fit in 12 bytes, four 3-byte ones, three 4-byte ones).
inline constexpr unsigned bytes_read = 16;
inline constexpr unsigned bytes_taken = 12;
inline constexpr unsigned lanes = 8;

/// A window's key: bit k set when its byte k ends a segment, for k < 12.
inline constexpr unsigned key_count = 1u << bytes_taken;

/// The segments of a key's window that are taken as characters: the first ones at most 4 bytes
/// long, up to eight of them (none: a run of continuation bytes, or a first segment longer than
/// 4; the caller then takes the unit step).
struct segments {
  unsigned count = 0, bytes = 0;
  unsigned length[lanes] = {}, end[lanes] = {};
};
constexpr segments segments_of(unsigned key) {
  segments s;
  for (unsigned k = 0; k < bytes_taken && s.count < lanes; ++k) {
    if (!(key >> k & 1)) continue;
    const unsigned length = k + 1 - s.bytes;
    if (length > 4) break;  // not a character: the window ends before it
    s.length[s.count] = length;
    s.end[s.count++] = s.bytes = k + 1;
  }
  return s;
}

/// How a key's segments are gathered and checked, 32 bytes each (a 128-bit half per four lanes;
/// the window is in both halves). `gather`: lane k's bytes, the character's last byte in the
/// lane's byte 0 and its lead highest (0x80: a zero byte). `select`: for lane k's byte j,
/// 4 * (length - 1) + j, which picks the bytes of a per-length constant by shuffle (an unused
/// lane is a 1-byte character of value 0, which passes the check).
struct shuffles {
  alignas(32) std::uint8_t gather[32];
  alignas(32) std::uint8_t select[32];
};

// The key tables are made when the plugin is loaded, not at compile time: 4096 keys take more
// constant-evaluation steps than clang allows by default (the fuzzers are built with clang).
inline const std::array<shuffles, key_count> shuffles_of = [] {
  std::array<shuffles, key_count> table{};
  for (unsigned key = 0; key < key_count; ++key) {
    const segments s = segments_of(key);
    for (unsigned lane = 0; lane < lanes; ++lane) {
      const unsigned length = lane < s.count ? s.length[lane] : 0;
      const unsigned first = lane == 0 ? 0 : lane <= s.count ? s.end[lane - 1] : 0;
      for (unsigned j = 0; j < 4; ++j) {
        table[key].gather[4 * lane + j] =
            j < length ? static_cast<std::uint8_t>(first + length - 1 - j) : 0x80;
        table[key].select[4 * lane + j] =
            static_cast<std::uint8_t>(4 * ((length == 0 ? 1 : length) - 1) + j);
      }
    }
  }
  return table;
}();

/// What a key's window takes: its characters, its bytes (in a table of their own: the next
/// window's position waits for this load alone, shift, mask, load, add, which bounds the
/// decoder), and the bytes its first k characters take (lane_end[k - 1]), to resume after
/// those that were well-formed when one is not.
struct step {
  std::uint8_t characters;
  std::uint8_t lane_end[lanes];
  bool run;  // the window is three 4-byte characters: a run may follow (`run` below)
};
inline const std::array<step, key_count> steps = [] {
  std::array<step, key_count> table{};
  for (unsigned key = 0; key < key_count; ++key) {
    const segments s = segments_of(key);
    table[key].characters = static_cast<std::uint8_t>(s.count);
    for (unsigned lane = 0; lane < lanes; ++lane)
      table[key].lane_end[lane] = static_cast<std::uint8_t>(s.end[lane]);
    table[key].run = s.count == 3 && s.length[0] == 4 && s.length[1] == 4 && s.length[2] == 4;
  }
  return table;
}();
inline const std::array<std::uint8_t, key_count> advance = [] {
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

/// Per-length constants, a 32-bit lane for each length 1-4 in both halves, picked by `select`:
/// the lead and continuation markers a lane of that length must show (its unused high bytes 0,
/// which the masks of lengths 1-3 require as well), the smallest code point it may encode
/// (smaller ones are overlong), and its payload bits (the 3-byte lead's marker reaches bit 17
/// of the assembled value).
PARPRIM_AVX2_TARGET inline __m256i per_length(std::uint32_t l1, std::uint32_t l2,
                                               std::uint32_t l3, std::uint32_t l4) {
  return _mm256_setr_epi32(int(l1), int(l2), int(l3), int(l4), int(l1), int(l2), int(l3),
                           int(l4));
}

/// Decodes the lanes (each a character's bytes, the last lowest; `select` as in `shuffles`) into
/// `code_points` and returns a bit per lane that is not a well-formed character (0: all are).
PARPRIM_AVX2_TARGET inline unsigned decode_lanes(__m256i lanes, __m256i select,
                                                 __m256i& code_points) {
  // Every byte's low bits into place; a continuation byte's bit 6 is 0, so byte 0 keeps 7 bits.
  const __m256i assembled = _mm256_or_si256(
      _mm256_or_si256(_mm256_and_si256(lanes, _mm256_set1_epi32(0x7F)),
                      _mm256_and_si256(_mm256_srli_epi32(lanes, 2), _mm256_set1_epi32(0xFC0))),
      _mm256_or_si256(
          _mm256_and_si256(_mm256_srli_epi32(lanes, 4), _mm256_set1_epi32(0x3F000)),
          _mm256_and_si256(_mm256_srli_epi32(lanes, 6), _mm256_set1_epi32(0x1C0000))));
  const __m256i cp = _mm256_and_si256(
      assembled, _mm256_shuffle_epi8(per_length(0x7F, 0x7FF, 0xFFFF, 0x1FFFFF), select));
  const __m256i markers_right = _mm256_cmpeq_epi32(
      _mm256_and_si256(lanes, _mm256_shuffle_epi8(
                                  per_length(0xFFFFFF80u, 0xFFFFE0C0u, 0xFFF0C0C0u, 0xF8C0C0C0u),
                                  select)),
      _mm256_shuffle_epi8(per_length(0, 0xC080u, 0xE08080u, 0xF0808080u), select));
  const __m256i overlong =
      _mm256_cmpgt_epi32(_mm256_shuffle_epi8(per_length(0, 0x80, 0x800, 0x10000), select), cp);
  const __m256i too_large = _mm256_cmpgt_epi32(cp, _mm256_set1_epi32(0x10FFFF));
  const __m256i surrogate = _mm256_cmpeq_epi32(
      _mm256_and_si256(cp, _mm256_set1_epi32(int(0xFFFFF800u))), _mm256_set1_epi32(0xD800));
  const __m256i wrong = _mm256_or_si256(overlong, _mm256_or_si256(too_large, surrogate));
  code_points = cp;
  return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(wrong))) |
         (~static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(markers_right))) & 0xFF);
}

/// Decodes the characters of the window at `at`, whose key is `key`, into `code_points` (lanes
/// past steps[key].characters are garbage) and returns a bit per lane that is not a well-formed
/// character (0: all are).
PARPRIM_AVX2_TARGET inline unsigned decode(const std::uint8_t* at, unsigned key,
                                           __m256i& code_points) {
  const shuffles& s = shuffles_of[key];
  const __m256i lanes = _mm256_shuffle_epi8(
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))),
      _mm256_load_si256(reinterpret_cast<const __m256i*>(s.gather)));
  return decode_lanes(lanes, _mm256_load_si256(reinterpret_cast<const __m256i*>(s.select)),
                      code_points);
}

/// Runs of 4-byte characters (emoji), which a 12-byte window cuts into three: after such a
/// window, the next 32 bytes are tested at once (their continuation bits, and that the byte after
/// them starts a character) and, when they are eight 4-byte characters, gathered from two 128-bit
/// loads, four characters from each. (Runs of 3-byte characters were tried the same way: in CJK
/// text a run of eight breaks often enough, at a kana's or a space's 1-byte character, that the
/// mispredicted test cost more than the run saved: 1.91 -> 2.29 ns a character.)
struct run {
  static constexpr unsigned length = 4, characters = 8, bytes = length * characters;
  static constexpr std::uint64_t mask = (std::uint64_t(1) << (bytes + 1)) - 1;
  std::uint64_t bits;  // (continuation >> at) & mask == bits: a run
  shuffles pattern;
};
inline constexpr run four_byte_run = [] {
  run r{};
  for (unsigned k = 0; k < run::bytes; ++k)
    if (k % run::length != 0) r.bits |= std::uint64_t(1) << k;
  for (unsigned lane = 0; lane < lanes; ++lane)
    for (unsigned j = 0; j < 4; ++j) {
      // Lanes 0-3 from the first load's 16 bytes, 4-7 from the second's.
      r.pattern.gather[4 * lane + j] = static_cast<std::uint8_t>((lane % 4) * 4 + 3 - j);
      r.pattern.select[4 * lane + j] = static_cast<std::uint8_t>(4 * 3 + j);
    }
  return r;
}();

/// The run at `at`, as decode() does a window.
PARPRIM_AVX2_TARGET inline unsigned decode_run(const std::uint8_t* at, __m256i& code_points) {
  const run& r = four_byte_run;
  const __m256i bytes = _mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))),
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + 16)), 1);
  const __m256i lanes = _mm256_shuffle_epi8(
      bytes, _mm256_load_si256(reinterpret_cast<const __m256i*>(r.pattern.gather)));
  return decode_lanes(lanes,
                      _mm256_load_si256(reinterpret_cast<const __m256i*>(r.pattern.select)),
                      code_points);
}

}  // namespace parprim::host::utf8::window

#endif
