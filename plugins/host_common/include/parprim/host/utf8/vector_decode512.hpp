// UTF-8 decoding a 64-byte block at a time on AVX-512 (F, BW, VBMI, VBMI2), with no branch on
// what the bytes are: well-formed or not, every block costs the same. docs/algorithms/utf8.md
// ("The AVX-512 block decoder") explains it and measures it.
//
// The maximal-subpart rule as masks. A byte is *absorbed* by the unit before it when it is the
// valid 2nd, 3rd or 4th byte of that unit's lead (Table 3-7: the 2nd byte's bounds depend on the
// lead, the later ones are 80-BF); every other byte starts a unit. So, with bit k of a 64-bit
// mask for byte k of the block:
//   second = continuation & second byte in bounds for the byte before & (byte before leads >= 2)
//   third  = continuation & (second << 1) & (lead of >= 3 bytes, two before)
//   fourth = continuation & (third << 1) & (lead of 4 bytes, three before)
//   starts = ~(second | third | fourth)
// and a unit is a complete sequence when its lead is ASCII, or its last byte (the lead's length
// - 1 later) is absorbed. The shifts carry bits over from the block before and the block after,
// so a stretch's blocks are classified one ahead of the block whose units are written. A unit's
// code point is gathered from its last byte down, so that neither its start nor its length is
// needed to place its bits (write_units_ending).
#pragma once

#include <array>
#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"
#include "parprim/utf8/well_formed.hpp"

#if PARPRIM_HAVE_UTF8_SIMD

namespace parprim::host::utf8::vector_decode512 {

// Conversions, permutes and alignments by their zero-masked forms under a full mask (the same
// instructions): GCC 12's unmasked forms pass an undefined register through, which
// -Wmaybe-uninitialized flags (as in vector_encode512.hpp).

/// Bytes 0-15 of `x` (_mm512_castsi512_si128 is GCC 12's unmasked extract).
PARPRIM_UTF8_AVX512_TARGET inline __m128i low_quarter(__m512i x) {
  return _mm512_maskz_extracti32x4_epi32(0xF, x, 0);
}

/// A constant register of V repeated (a byte or a 32-bit word), read from memory. The array is
/// not const on purpose: GCC folds a load from a constant array into a _mm512_set1, which it
/// then builds again inside the decoding loop at each use (a move and a vpbroadcast, on Intel
/// port 5, the permutes' port: eight a block); a load takes a load port, or stays in a register.
template <class T, T V>
struct repeated {
  alignas(64) static inline std::array<T, 64 / sizeof(T)> values = [] {
    std::array<T, 64 / sizeof(T)> a{};
    a.fill(V);
    return a;
  }();
};
template <std::uint8_t V>
PARPRIM_UTF8_AVX512_TARGET inline __m512i loaded_bytes() {
  return _mm512_load_si512(repeated<std::uint8_t, V>::values.data());
}
template <std::uint32_t V>
PARPRIM_UTF8_AVX512_TARGET inline __m512i loaded_words() {
  return _mm512_load_si512(repeated<std::uint32_t, V>::values.data());
}

/// What a block's bytes are, bit k for byte k.
struct block_masks {
  std::uint64_t ascii = 0;
  std::uint64_t lead2 = 0, lead3 = 0, lead4 = 0;  // leads of at least 2, at least 3, 4 bytes
  std::uint64_t second = 0, third = 0, fourth = 0;  // absorbed as a unit's 2nd, 3rd, 4th byte
  // The leads of absorbed bytes' units, for unit_ends: byte k - 1 leads at least 3 bytes, byte
  // k - 2 leads 4.
  std::uint64_t lead3_one_back = 0, lead4_two_back = 0;
};

/// Each byte's class, looked up by its low 7 bits for bytes 80-FF (ASCII bytes have class 0).
/// The low bits say what the byte is; the high four, for a lead, which 2nd bytes Table 3-7
/// forbids after it, and for a continuation byte, which of those ranges it lies in: a 2nd byte
/// is out of its lead's bounds exactly when the two classes share a high bit.
namespace byte_class {
inline constexpr std::uint8_t continuation = 0x01, lead2 = 0x02, lead3 = 0x04, lead4 = 0x08;
// The ranges of 80-BF that some lead forbids: 80-9F (after E0), A0-BF (ED), 80-8F (F0), 90-BF (F4).
inline constexpr std::uint8_t ranges[4][2] = {
    {0x80, 0x9F}, {0xA0, 0xBF}, {0x80, 0x8F}, {0x90, 0xBF}};

constexpr std::uint8_t of(std::uint8_t b) {
  const parprim::utf8::lead l = parprim::utf8::lead_of(b);
  std::uint8_t c = 0;
  if (parprim::utf8::is_continuation(b)) {
    c = continuation;
    for (unsigned r = 0; r < 4; ++r)
      if (b >= ranges[r][0] && b <= ranges[r][1]) c |= static_cast<std::uint8_t>(0x10 << r);
  } else if (l.length >= 2) {
    c = static_cast<std::uint8_t>(lead2 | (l.length >= 3 ? lead3 : 0) |
                                  (l.length == 4 ? lead4 : 0));
    for (unsigned r = 0; r < 4; ++r) {
      // Forbidden: the range lies outside [first_low, first_high].
      if (ranges[r][1] < l.first_low || ranges[r][0] > l.first_high)
        c |= static_cast<std::uint8_t>(0x10 << r);
    }
  }
  return c;
}

/// The table for bytes 80-FF, index b - 0x80.
struct table {
  alignas(64) std::uint8_t of_high_bytes[128];
};
inline constexpr table classes = [] {
  table t{};
  for (unsigned b = 0x80; b < 0x100; ++b)
    t.of_high_bytes[b - 0x80] = of(static_cast<std::uint8_t>(b));
  return t;
}();

// The four ranges are exactly what each lead forbids: a 2nd byte out of bounds shares a bit
// with its lead (a high one: a lead's low bits and a continuation byte's differ), one in bounds
// none. So classify tests the two classes' AND as it is, with no mask of the high bits.
constexpr bool ranges_are_exact() {
  for (unsigned lead = 0xC2; lead <= 0xF4; ++lead)
    for (unsigned b = 0x80; b <= 0xBF; ++b) {
      const parprim::utf8::lead l = parprim::utf8::lead_of(static_cast<std::uint8_t>(lead));
      const bool in_bounds = b >= l.first_low && b <= l.first_high;
      const bool shares =
          (of(static_cast<std::uint8_t>(lead)) & of(static_cast<std::uint8_t>(b))) != 0;
      if (in_bounds == shares) return false;
    }
  return true;
}
static_assert(ranges_are_exact());
}  // namespace byte_class

/// The 64 bytes at `in + at` that lie before `n`; those at or past it read as 0 (ASCII: a
/// sequence cut by the end of the input is incomplete, as the rule says).
PARPRIM_UTF8_AVX512_TARGET inline __m512i load_block(const std::uint8_t* in, std::uint64_t at,
                                                     std::uint64_t n) {
  if (at + 64 <= n) return _mm512_loadu_si512(in + at);
  const std::uint64_t valid = at < n ? _bzhi_u64(~0ull, static_cast<unsigned>(n - at)) : 0;
  return _mm512_maskz_loadu_epi8(valid, in + at);
}

/// Whether the 256 bytes at `in` are all ASCII.
PARPRIM_UTF8_AVX512_TARGET inline bool all_ascii256(const std::uint8_t* in) {
  const __m512i any = _mm512_or_si512(
      _mm512_or_si512(_mm512_loadu_si512(in), _mm512_loadu_si512(in + 64)),
      _mm512_or_si512(_mm512_loadu_si512(in + 128), _mm512_loadu_si512(in + 192)));
  return _mm512_movepi8_mask(any) == 0;
}

/// The masks of block `x`, given the classes and masks of the block before it: at a stretch's
/// first block both are zero, which is exact, since a stretch begins at a unit start and no
/// byte before one reaches past it. Its classes into `classes`.
PARPRIM_UTF8_AVX512_TARGET inline block_masks classify(__m512i x, __m512i before_classes,
                                                       const block_masks& before,
                                                       __m512i& classes) {
  const auto* table = reinterpret_cast<const __m512i*>(byte_class::classes.of_high_bytes);
  const std::uint64_t non_ascii = _mm512_movepi8_mask(x);
  if (non_ascii == 0) {  // no leads, no continuation bytes: nothing to find (ASCII text)
    classes = _mm512_setzero_si512();
    block_masks ascii;
    ascii.ascii = ~0ull;
    return ascii;
  }
  classes = _mm512_maskz_permutex2var_epi8(non_ascii, _mm512_load_si512(table), x,
                                           _mm512_load_si512(table + 1));
  // Each byte's predecessor's class: byte 63 of the block before, then bytes 0..62 (vpermt2b).
  const __m512i previous_index =
      _mm512_set_epi8(126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112,
                      111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96,
                      95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78, 77,
                      76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64, 63);
  const __m512i previous = _mm512_permutex2var_epi8(before_classes, previous_index, classes);

  block_masks m;
  m.ascii = ~non_ascii;
  const std::uint64_t continuation =
      _mm512_test_epi8_mask(classes, loaded_bytes<byte_class::continuation>());
  m.lead2 = _mm512_test_epi8_mask(classes, loaded_bytes<byte_class::lead2>());
  m.lead3 = _mm512_test_epi8_mask(classes, loaded_bytes<byte_class::lead3>());
  m.lead4 = _mm512_test_epi8_mask(classes, loaded_bytes<byte_class::lead4>());
  const std::uint64_t out_of_bounds = _mm512_test_epi8_mask(previous, classes);

  const auto after = [](std::uint64_t mask, std::uint64_t mask_before, unsigned k) {
    return (mask << k) | (mask_before >> (64 - k));  // bit i: the mask's bit at byte i - k
  };
  m.second = continuation & ~out_of_bounds & after(m.lead2, before.lead2, 1);
  m.third = continuation & after(m.second, before.second, 1) & after(m.lead3, before.lead3, 2);
  m.fourth = continuation & after(m.third, before.third, 1) & after(m.lead4, before.lead4, 3);
  m.lead3_one_back = after(m.lead3, before.lead3, 1);
  m.lead4_two_back = after(m.lead4, before.lead4, 2);
  return m;
}

/// The units that end in a block (the writing decoder's order), found from its masks and the
/// next block's first byte.
struct block_ends {
  std::uint64_t ends;        // bit k: byte k ends a unit (byte k + 1 starts one)
  std::uint64_t incomplete;  // bit i: the unit of the i-th end is ill-formed (one U+FFFD)
};

/// A unit is complete exactly when its last byte is ASCII, a 4th byte, a 2nd byte after a lead of
/// 2 bytes or a 3rd byte after a lead of 3: every other unit ends where its bytes stop fitting
/// (a lead cut short, a stray byte). So the ill-formed units are listed by their ends alone,
/// with no unit's start and nothing carried from the block before. `in_stretch`: the bytes
/// whose units this stretch writes.
PARPRIM_UTF8_AVX512_TARGET inline block_ends unit_ends(const block_masks& m,
                                                       const block_masks& next,
                                                       std::uint64_t in_stretch) {
  const std::uint64_t absorbed = m.second | m.third | m.fourth;
  const std::uint64_t next_absorbed = next.second | next.third | next.fourth;
  const std::uint64_t complete =
      m.ascii | m.fourth | (m.second & ~m.lead3_one_back) | (m.third & ~m.lead4_two_back);
  block_ends e;
  e.ends = ~((absorbed >> 1) | (next_absorbed << 63)) & in_stretch;
  e.incomplete = _pext_u64(~complete, e.ends);
  return e;
}

/// A block's units, found from its masks and the next block's.
struct block_units {
  std::uint64_t starts;      // bit k: a unit starts at byte k
  std::uint64_t incomplete;  // bit k: the unit starting there is ill-formed (one U+FFFD)
};

inline block_units units_of(const block_masks& m, const block_masks& next) {
  const auto ahead = [](std::uint64_t mask, std::uint64_t mask_next, unsigned k) {
    return (mask >> k) | (mask_next << (64 - k));  // bit i: the mask's bit at byte i + k
  };
  // A unit is complete when its lead is ASCII or the byte its lead's length - 1 on is absorbed.
  const std::uint64_t complete = m.ascii | (ahead(m.second, next.second, 1) & ~m.lead3) |
                                 (ahead(m.third, next.third, 2) & ~m.lead4) |
                                 ahead(m.fourth, next.fourth, 3);
  block_units u;
  u.starts = ~(m.second | m.third | m.fourth);
  u.incomplete = u.starts & ~complete;
  return u;
}

/// Each class's mask, by its low 6 bits (vpermb's index; the range bits, 4 and 5, change
/// nothing): the payload bits of the byte, and bit 7 where the byte is a lead. 7F for ASCII (its
/// bit 7 comes from flagged_bytes' select), 3F for a continuation byte, 9F, 8F and 87 for leads of
/// 2, 3 and 4 bytes; 7F for the bytes that lead nothing (C0, C1, F5-FF are class 0 past ASCII:
/// unflagged, each one a unit of its own, replaced).
namespace flagged_mask {
struct table {
  alignas(64) std::uint8_t by_class[64];
};
inline constexpr table masks = [] {
  table t{};
  for (unsigned c = 0; c < 64; ++c) {
    std::uint8_t m = 0x7F;
    if (c & byte_class::continuation)
      m = 0x3F;
    else if (c & byte_class::lead4)
      m = 0x87;
    else if (c & byte_class::lead3)
      m = 0x8F;
    else if (c & byte_class::lead2)
      m = 0x9F;
    t.by_class[c] = m;
  }
  return t;
}();
}  // namespace flagged_mask

/// Each byte of block `x` reduced to its payload bits, with bit 7 set where it is not a
/// continuation byte (an ASCII byte or a lead): the form in which write_units_ending gathers a
/// unit from its last byte down. A complete unit's bytes after its lead are continuation
/// bytes, so the lowest flag at or below its last byte is its lead's; an ill-formed unit's
/// code point is replaced whatever its bytes say.
PARPRIM_UTF8_AVX512_TARGET inline __m512i flagged_bytes(__m512i x, __m512i classes) {
  const __m512i mask = _mm512_maskz_permutexvar_epi8(
      ~0ull, classes, _mm512_load_si512(flagged_mask::masks.by_class));
  // x & mask where x's bit 7 is set, else x | 0x80 (ASCII): a bitwise select by x (table 0xCA).
  return _mm512_ternarylogic_epi32(x, mask, loaded_bytes<0x80>(), 0xCA);
}

/// Writes the code points of the units that end at the bytes of `ends` (bit k: byte k of this
/// block ends a unit), in order, to `out`, sixteen a round, and nothing past them; returns how
/// many it wrote. `flagged` is
/// this block's flagged_bytes, `flagged_before` the block before's (a unit ending here may
/// start there). `incomplete`: bit i set where the i-th of these units is ill-formed (U+FFFD).
///
/// Each lane's 4 bytes are its unit's last byte and the 3 before it (last byte lowest). In a
/// complete unit the lowest byte with bit 7 set is its lead; from that bit up they are the
/// lead's flag or earlier units' bytes, and `g & (s - 1) & ~0x80808080` with
/// `s = g & 0x80808080` clears them. Two multiply-adds then join 6 bits a byte into the code
/// point, with no length and no start.
PARPRIM_UTF8_AVX512_TARGET inline std::uint64_t write_units_ending(__m512i flagged_before,
                                                                   __m512i flagged,
                                                                   std::uint64_t ends,
                                                                   std::uint64_t incomplete,
                                                                   std::uint32_t* out) {
  // Each end as its index into (flagged_before, flagged): 64 + k for byte k.
  const __m512i index_in_pair =
      _mm512_set_epi8(127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113,
                      112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 99, 98, 97,
                      96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78,
                      77, 76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64);
  const __m512i end_of = _mm512_maskz_compress_epi8(ends, index_in_pair);
  // Lane i's 4 bytes take end i of the round (vpermb), less 0, 1, 2, 3.
  __m512i spread =
      _mm512_set_epi32(0x0F0F0F0F, 0x0E0E0E0E, 0x0D0D0D0D, 0x0C0C0C0C, 0x0B0B0B0B, 0x0A0A0A0A,
                       0x09090909, 0x08080808, 0x07070707, 0x06060606, 0x05050505, 0x04040404,
                       0x03030303, 0x02020202, 0x01010101, 0x00000000);
  const __m512i back = _mm512_set1_epi32(0x03020100);
  const __m512i flags = loaded_words<0x80808080u>();
  const __m512i replacement = loaded_words<0xFFFD>();
  const std::uint64_t written = static_cast<std::uint64_t>(_mm_popcnt_u64(ends));
  std::uint64_t units = written;
  for (;;) {
    const __m512i from =
        _mm512_sub_epi8(_mm512_maskz_permutexvar_epi8(~0ull, spread, end_of), back);
    const __m512i g = _mm512_permutex2var_epi8(flagged_before, from, flagged);
    const __m512i below_start = _mm512_sub_epi32(_mm512_and_si512(g, flags), _mm512_set1_epi32(1));
    // g & below_start & ~flags (ternary-logic table: A & B & ~C).
    __m512i cp = _mm512_ternarylogic_epi32(g, below_start, flags, 0x40);
    // 6 bits a byte into one value: bytes (0, 1) and (2, 3) as b0 + 64 b1, then w0 + 4096 w1.
    cp = _mm512_madd_epi16(_mm512_maddubs_epi16(cp, _mm512_set1_epi16(0x4001)),
                           _mm512_set1_epi32(0x10000001));
    // In every round, not behind a test of `incomplete`: text with errors has them in about
    // one block in five, at random, and the branch cost more than the blend (utf8.md step 17).
    cp = _mm512_mask_mov_epi32(cp, static_cast<__mmask16>(incomplete), replacement);
    incomplete >>= 16;
    if (units <= 16) {
      _mm512_mask_storeu_epi32(out, static_cast<__mmask16>(_bzhi_u32(0xFFFF, unsigned(units))), cp);
      return written;
    }
    _mm512_storeu_si512(out, cp);
    out += 16;
    units -= 16;
    spread = _mm512_add_epi8(spread, loaded_bytes<16>());
  }
}

/// The 64 bytes of `x` widened to 64 code points at `out`, those of `keep` (a low mask) only.
PARPRIM_UTF8_AVX512_TARGET inline void widen_ascii(__m512i x, std::uint64_t keep,
                                                   std::uint32_t* out) {
  for (unsigned q = 0; q < 4; ++q) {
    const __m512i cp = _mm512_maskz_cvtepu8_epi32(0xFFFF, low_quarter(x));
    _mm512_mask_storeu_epi32(out + 16 * q, static_cast<__mmask16>(keep >> (16 * q)), cp);
    x = _mm512_maskz_alignr_epi32(0xFFFF, _mm512_setzero_si512(), x, 4);
  }
}

}  // namespace parprim::host::utf8::vector_decode512

#endif
