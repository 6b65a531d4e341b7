// Whether 4 bytes stand where well-formed UTF-8 may have them (Table 3-7), from the 3 bytes
// before each: the cheap test the decoding kernels take a row of text through first, so that
// a row of well-formed text skips units_of (byte_window.cuh), whose maximal-subpart bookkeeping
// is the kernels' largest cost (docs/algorithms/utf8_gpu.md, round 4).
//
// A byte is well placed when
//   - it is a continuation byte (80-BF) exactly when a lead 1, 2 or 3 bytes before it still
//     needs one: a lead C0-FF one byte back, E0-FF two back, F0-FF three back ("needs");
//   - and the pair (byte before, byte) is none of Table 3-7's exceptions: C0/C1 or F5-FF as a
//     lead, E0 80-9F (overlong), ED A0-BF (surrogate), F0 80-8F (overlong), F4 90-BF (above
//     U+10FFFF) ("special": three table lookups, one per nibble, ANDed, the scheme of Keiser and
//     Lemire's validator, with tables of our own for these classes).
// A string is well-formed exactly when every byte of it, and the 3 zero bytes after it, are
// well placed (tests/plugins/cuda_efficient/device/utf8/test_well_formed_bytes.cpp checks this
// against the oracle, and what a kernel concludes from it against units_of).
// Host and device code alike, as byte_window.cuh.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "device/utf8/byte_window.cuh"

namespace parprim::cuda_efficient::utf8 {

/// The low nibbles of x's bytes as a prmt selector: nibble k is byte k's.
__host__ __device__ __forceinline__ std::uint32_t low_nibbles(std::uint32_t x) {
  const std::uint32_t t = x & 0x0F0F0F0Fu;
  return permute_bytes(t | (t >> 4), 0, 0x20);  // bytes 0 and 2 hold nibbles 0-1 and 2-3
}

/// The high nibbles of x's bytes, each complemented (15 - h), as a prmt selector in bits 0-15
/// and again in bits 16-31: so that the selector of the bytes one place back is one funnel
/// shift of two words' selectors, and a lookup by it reads entries 0-3 for the leads F-C, 4-7
/// for the continuation bytes B-8, and 0 for ASCII (selector nibbles 8-F, prmt's sign form,
/// every entry's bit 7 clear), with no flip of the selector's top bit first.
__host__ __device__ __forceinline__ std::uint32_t high_selector(std::uint32_t x) {
  // Complemented before they are packed: one logic instruction masks and complements them,
  // where a complement of the packed selector took one of its own (round 31).
  const std::uint32_t t = ((x >> 4) & 0x0F0F0F0Fu) ^ 0x0F0F0F0Fu;
  return permute_bytes(t | (t >> 4), 0, 0x2020);  // bytes 0 and 2, then again
}

/// What a byte's lead needs, by its high nibble (`high`: high_selector()): bit 6 set where it
/// needs a continuation byte 1 place on (C-F), bit 5 2 places on (E, F), bit 4 3 places on (F).
/// Bit 7 stays clear, so that continuation bytes (selector 4-7) and ASCII (8-F, prmt's sign
/// form) read 0.
__host__ __device__ __forceinline__ std::uint32_t lead_needs(std::uint32_t high) {
  return permute_bytes(0x70u | (0x60u << 8) | (0x40u << 16) | (0x40u << 24), 0, high);
}

/// The exceptions of Table 3-7, one bit each in a byte; bit 7 stays clear, so that a lookup
/// whose selector nibble has bit 3 set reads 0 (prmt's sign form).
namespace exception {
inline constexpr std::uint32_t overlong_2 = 0x01;  // C0, C1 as a lead
inline constexpr std::uint32_t overlong_3 = 0x02;  // E0 80-9F
inline constexpr std::uint32_t surrogate = 0x04;   // ED A0-BF
inline constexpr std::uint32_t overlong_4 = 0x08;  // F0 80-8F
inline constexpr std::uint32_t too_large = 0x10;   // F4 90-BF
inline constexpr std::uint32_t bad_lead = 0x20;    // F5-FF as a lead
}  // namespace exception

/// Bytewise masks (0x80 in a byte where the test holds) of the two rules above, for the 4 bytes
/// of `word`, `before` the word before them.
struct placed_bytes {
  std::uint32_t needs;      // a lead 1-3 bytes back still needs a continuation byte here (bit
                            // 7 of each byte; its other bits are not cleared)
  std::uint32_t cont;       // a continuation byte is here
  std::uint32_t exception;  // the pair (byte before, byte) is an exception (any bit, 0-0x3F)

  /// Bytes that are not well placed.
  __host__ __device__ __forceinline__ std::uint32_t misplaced() const {
    return ((exception + 0x7F7F7F7Fu) | (needs ^ cont)) & bytewise::high;
  }
  /// Bytes that a lead needs and that do not continue it, or an exception: the part of the
  /// test that the bytes after a lead decide. It holds even where `before` is not the real
  /// word before (a halo's, read as 0): it then sees fewer leads, never wrong ones.
  __host__ __device__ __forceinline__ std::uint32_t unmet_needs() const {
    return ((exception + 0x7F7F7F7Fu) | (needs & ~cont)) & bytewise::high;
  }
};

/// The test for `word`, `before` the word before it, given both words' high_selector(): a lane
/// that holds consecutive words computes each word's once (validate_utf8.cuh).
__host__ __device__ __forceinline__ placed_bytes place_bytes(std::uint32_t before,
                                                             std::uint32_t word,
                                                             std::uint32_t before_high,
                                                             std::uint32_t word_high) {
  using namespace exception;
  const std::uint32_t back_1 = funnel(before, word, 24);  // byte k: the byte 1 before byte k
  // A lead's need: C0-FF one byte back, E0-FF two back, F0-FF three back. Each byte's needs as
  // bits 6, 5, 4 (lead_needs), moved to bit 7 of the byte 1, 2, 3 places on by one funnel shift
  // each; the other bits they bring are masked off by misplaced() and unmet_needs().
  const std::uint32_t needs_before = lead_needs(before_high), needs_word = lead_needs(word_high);
  const std::uint32_t needs = funnel(needs_before, needs_word, 23) |
                              funnel(needs_before, needs_word, 14) |
                              funnel(needs_before, needs_word, 5);
  // By the high nibble of the byte before: F, E, D, C at entries 0-3, the rest read 0.
  const std::uint32_t by_lead_high =
      permute_bytes((overlong_4 | too_large | bad_lead) | ((overlong_3 | surrogate) << 8) |
                        (0u << 16) | (overlong_2 << 24),
                    0, funnel(before_high, word_high, 28));
  // By its low nibble: 0-7 from the first pair of words, 8-F from the second (each lookup
  // reads 0 for the other half's nibbles).
  const std::uint32_t low = low_nibbles(back_1);
  const std::uint32_t by_lead_low =
      permute_bytes((overlong_2 | overlong_3 | overlong_4) | (overlong_2 << 8),
                    too_large | (bad_lead << 8) | (bad_lead << 16) | (bad_lead << 24), low) |
      permute_bytes(bad_lead * 0x01010101u,
                    bad_lead | ((surrogate | bad_lead) << 8) | (bad_lead << 16) | (bad_lead << 24),
                    low ^ 0x8888u);
  // By the high nibble of the byte itself: B, A, 9, 8 at entries 4-7 (a byte that is not a
  // continuation byte after a lead fails the first rule anyway, so entries 0-3 are immaterial).
  const std::uint32_t by_next_high =
      permute_bytes(0x3F3F3F3Fu,
                    (overlong_2 | surrogate | too_large | bad_lead) |
                        ((overlong_2 | surrogate | too_large | bad_lead) << 8) |
                        ((overlong_2 | overlong_3 | too_large | bad_lead) << 16) |
                        ((overlong_2 | overlong_3 | overlong_4 | bad_lead) << 24),
                    word_high);
  return {needs, bytewise::continuation(word), by_lead_high & by_lead_low & by_next_high};
}

__host__ __device__ __forceinline__ placed_bytes place_bytes(std::uint32_t before,
                                                             std::uint32_t word) {
  return place_bytes(before, word, high_selector(before), high_selector(word));
}

}  // namespace parprim::cuda_efficient::utf8
