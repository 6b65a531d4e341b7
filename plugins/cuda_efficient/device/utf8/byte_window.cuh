// What a lane of the UTF-8 decoding kernels decodes its 4 bytes from (byte_rows.cuh gathers
// it): 12 bytes, the word before its own, its own, the word after. Decoding is local
// (utf8/well_formed.hpp): whether a byte starts a unit depends on at most the 3 bytes before it,
// and the unit's code point on the 3 after it, so the window is all a lane needs.
// Host and device code alike, so that tests/plugins/cuda_efficient checks it on the CPU (CI has
// no GPU) against the oracle.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "parprim/utf8/well_formed.hpp"
#include "thread/byte_instructions.cuh"

namespace parprim::cuda_efficient::utf8 {

// Byte-wise tests on 4 bytes at once: each gives 0x80 in the bytes where its test holds, 0
// elsewhere (no carry crosses a byte).
namespace bytewise {
inline constexpr std::uint32_t high = 0x80808080u;

/// 80-BF.
__host__ __device__ __forceinline__ std::uint32_t continuation(std::uint32_t x) {
  return x & ~(x << 1) & high;
}
/// Bytes equal to c (c repeated in each byte).
__host__ __device__ __forceinline__ std::uint32_t equal(std::uint32_t x, std::uint32_t c) {
  const std::uint32_t t = x ^ c;
  return ~(((t & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | t) & high;
}
/// Bytes of at least 0x80 + k (k 1-0x7F).
__host__ __device__ __forceinline__ std::uint32_t at_least_high(std::uint32_t x, std::uint32_t k) {
  return x & ((x & 0x7F7F7F7Fu) + (0x80u - k) * 0x01010101u) & high;
}
}  // namespace bytewise

/// The 12 bytes a lane decodes its word from: the word before it, its own, the word after.
struct byte_window {
  std::uint32_t before, word, after;

  /// Bytes q..q+3 of the window (q 0-7) as a word.
  __host__ __device__ __forceinline__ std::uint32_t bytes_from(int q) const {
    const std::uint32_t lo = q < 4 ? before : word, hi = q < 4 ? word : after;
    return (q & 3) == 0 ? lo : funnel(lo, hi, 8 * (q & 3));
  }
};

/// What the lane's 4 bytes hold, each a bit k (own byte k): which start a unit, and which of
/// those begin a well-formed sequence.
struct word_units {
  std::uint32_t starts;    // bit k: byte k starts a unit (is_unit_start)
  std::uint32_t complete;  // bit k: a well-formed sequence starts at byte k (an ASCII byte too)
};

/// The lead classes of 4 bytes (bytewise masks).
struct lead_classes {
  std::uint32_t lead, three_or_more, four;  // C2-F4; E0-F4; F0-F4
  std::uint32_t e0, ed, f0, f4;             // the leads whose first continuation is narrower
  __host__ __device__ __forceinline__ explicit lead_classes(std::uint32_t x)
      : lead(bytewise::at_least_high(x, 0x42) & ~bytewise::at_least_high(x, 0x75)),
        three_or_more(bytewise::at_least_high(x, 0x60) & lead),
        four(bytewise::at_least_high(x, 0x70) & lead),
        e0(bytewise::equal(x, 0xE0E0E0E0u)),
        ed(bytewise::equal(x, 0xEDEDEDEDu)),
        f0(bytewise::equal(x, 0xF0F0F0F0u)),
        f4(bytewise::equal(x, 0xF4F4F4F4u)) {}

  /// Where a lead's next byte (the same byte of `next`, the bytes one further on) is within its
  /// first continuation's bounds (Table 3-7: E0 A0-BF, ED 80-9F, F0 90-BF, F4 80-8F, else
  /// 80-BF). Within 80-BF, bit 5 tells 80-9F from A0-BF, and bits 5 and 4 tell 80-8F.
  __host__ __device__ __forceinline__ std::uint32_t first_continues(std::uint32_t next) const {
    const std::uint32_t b5 = (next << 2) & bytewise::high,
                        b54 = b5 | ((next << 3) & bytewise::high);
    const std::uint32_t outside = (e0 & ~b5) | (ed & b5) | (f0 & ~b54) | (f4 & b54);
    return lead & bytewise::continuation(next) & ~outside;
  }
};

/// The bytewise mask's four 0x80 bits as bits 0-3.
__host__ __device__ __forceinline__ std::uint32_t nibble_of(std::uint32_t mask) {
  return ((mask >> 7) & 1u) | ((mask >> 14) & 2u) | ((mask >> 21) & 4u) | ((mask >> 28) & 8u);
}

/// The units of 4 bytes of well-formed text (bits 0-3), each a complete sequence: the bytes
/// that are not continuation bytes.
__host__ __device__ __forceinline__ std::uint32_t well_formed_units(std::uint32_t word) {
  return nibble_of(~bytewise::continuation(word) & bytewise::high);
}

/// The lane's units, from bytewise tests on the window (no branch, no per-byte loop). A
/// continuation byte is taken by the nearest lead before it, d = 1-3 bytes back, exactly when
/// that lead needs more than d bytes and the bytes between continue it within bounds; every
/// other byte starts a unit (utf8::is_unit_start). A lead starts a well-formed sequence when its
/// first continuation is within bounds and the further ones its length needs are 80-BF.
__host__ __device__ __forceinline__ word_units units_of(const byte_window& w) {
  using namespace bytewise;
  const lead_classes before(w.before), own(w.word);
  // Positions 0-3 are the word before, 4-7 the lane's own: `first` holds, for a lead at a
  // position, whether the byte after it is its first continuation.
  const std::uint32_t first_before = before.first_continues(w.bytes_from(1));
  const std::uint32_t first_own = own.first_continues(w.bytes_from(5));
  const std::uint32_t cont_own = continuation(w.word);
  // For the lane's byte k (position 4 + k): the lead 1, 2 or 3 bytes back, as masks shifted so
  // that byte k of each describes position 4 + k - d.
  const std::uint32_t first_1 = funnel(first_before, first_own, 24);
  const std::uint32_t first_2 = funnel(first_before, first_own, 16);
  const std::uint32_t first_3 = funnel(first_before, first_own, 8);
  const std::uint32_t three_2 = funnel(before.three_or_more, own.three_or_more, 16);
  const std::uint32_t four_3 = funnel(before.four, own.four, 8);
  const std::uint32_t cont_1 = continuation(w.bytes_from(3));
  const std::uint32_t taken =
      cont_own & (first_1 | (first_2 & three_2) | (first_3 & four_3 & cont_1));
  // A sequence starting at the lane's byte k needs positions 5 + k, 6 + k, 7 + k.
  const std::uint32_t cont_2 = continuation(w.bytes_from(6)),
                      cont_3 = continuation(w.bytes_from(7));
  const std::uint32_t two = own.lead & ~own.three_or_more;
  const std::uint32_t three = own.three_or_more & ~own.four;
  const std::uint32_t complete =
      (~w.word & high) | (first_own & (two | (three & cont_2) | (own.four & cont_2 & cont_3)));
  return {nibble_of(~taken & high), nibble_of(complete)};
}

/// The code point of the well-formed sequence whose lead is the low byte of `bytes` (the 3
/// bytes after it above): the lead byte alone gives its length. A replaced unit's code point
/// needs no bytes (U+FFFD).
__host__ __device__ __forceinline__ std::uint32_t sequence_code_point(std::uint32_t bytes) {
  const std::uint32_t lead = bytes & 0xFF;
  const unsigned length = 1u + (lead >= 0xC0) + (lead >= 0xE0) + (lead >= 0xF0);
  const std::uint32_t payload = 0x7Fu >> (length == 1 ? 0 : length);
  return parprim::utf8::code_point_of(lead, (bytes >> 8) & 0xFF, (bytes >> 16) & 0xFF,
                                      bytes >> 24, payload, length);
}

}  // namespace parprim::cuda_efficient::utf8
