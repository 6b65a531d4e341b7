// A code point's UTF-8 bytes in a handful of GPU instructions, for the encoder
// (lookback_encode.cuh; docs/algorithms/utf8_gpu.md, round 9). parprim::utf8::encode_unit, the
// reference's form, builds the three multi-byte layouts and chooses one, about 30 instructions;
// here the code point's six-bit groups are spread one a byte, the leads' prefixes and the
// continuation marks are ORed into two copies of them, and one prmt takes the lead from the first
// copy and the continuation bytes from the second, last group first (an ASCII value is its own
// lead, so it takes the same path).
// Host and device code alike: tests/plugins/cuda_efficient/device/utf8/test_encoded_bytes.cpp
// checks every code point against encode_unit on the CPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "thread/byte_instructions.cuh"

namespace parprim::cuda_efficient::utf8 {

/// Bits 6k..6k+5 of a scalar value in byte k (k 1-3; the top group has 3 bits), and its bits
/// 0-6 in byte 0: an ASCII value's byte, and for any other the last group with one bit above it.
__host__ __device__ __forceinline__ std::uint32_t six_bit_groups(std::uint32_t cp) {
  // Each step keeps the bits below its mask's top from the word so far and takes the rest from
  // the code point shifted 2 bits further (one bit-select each).
  std::uint32_t g = ((cp << 2) & ~0x7Fu) | (cp & 0x7Fu);
  g = ((cp << 4) & ~0x3FFFu) | (g & 0x3FFFu);
  g = ((cp << 6) & ~0x3FFFFFu) | (g & 0x3FFFFFu);
  return g & 0x073F3F7Fu;
}

/// Which of a scalar value's UTF-8 bytes after the first exist: the comparisons its length
/// counts, kept apart so that a store of each byte can be predicated on its own.
struct encoded_size {
  bool two, three, four;  // a second, third, fourth byte

  __host__ __device__ __forceinline__ unsigned length() const { return 1 + two + three + four; }
};

__host__ __device__ __forceinline__ encoded_size encoded_size_of(std::uint32_t cp) {
  return {cp >= 0x80, cp >= 0x800, cp >= 0x10000};
}

/// How many bytes scalar value cp's UTF-8 form takes.
__host__ __device__ __forceinline__ unsigned encoded_length(std::uint32_t cp) {
  return encoded_size_of(cp).length();
}

/// The first `length` bytes of scalar value cp's UTF-8 form, little-endian (the later bytes are
/// unspecified: the encoder stores `length` of them); `length` is its encoded length, 1-4.
__host__ __device__ __forceinline__ std::uint32_t encoded_bytes(std::uint32_t cp, unsigned length) {
  const std::uint32_t groups = six_bit_groups(cp);
  // Byte k of `leads` is the lead of a (k + 1)-byte sequence: for k = 0 the ASCII byte, for
  // k = 1-3 the prefix 110, 1110 or 11110 above group k's payload bits; byte k of
  // `continuations` is the prefix 10 above group k.
  const std::uint32_t leads = groups | 0xF0E0C000u;
  const std::uint32_t continuations = (groups & 0xFFFFFFBFu) | 0x80808080u;
  // Result byte 0 is leads' byte length - 1; result byte j (1-3) continuations' byte
  // length - 1 - j, that is prmt selector nibble length + 3 - j: nibbles (L - 1, L + 2, L + 1, L).
  return permute_bytes(leads, continuations, length * 0x1111u + 0x011Fu);
}

/// Stores scalar value cp's UTF-8 bytes at `to`, and nothing after them; returns how many.
/// Each byte after the first is stored under the comparison its length counts, not a test of
/// the length.
__host__ __device__ __forceinline__ unsigned store_encoded(std::uint32_t cp, std::uint8_t* to) {
  const encoded_size size = encoded_size_of(cp);
  const unsigned length = size.length();
  const std::uint32_t bytes = encoded_bytes(cp, length);
  to[0] = static_cast<std::uint8_t>(bytes);
  if (size.two) to[1] = static_cast<std::uint8_t>(bytes >> 8);
  if (size.three) to[2] = static_cast<std::uint8_t>(bytes >> 16);
  if (size.four) to[3] = static_cast<std::uint8_t>(bytes >> 24);
  return length;
}

/// How many bytes store_short stores for cp after the first: 0 or 1 below U+0800, 2 for U+FFFD
/// where `WithReplacement`.
template <bool WithReplacement>
__host__ __device__ __forceinline__ unsigned short_bytes_after_first(std::uint32_t cp) {
  return (cp >= 0x80) + (WithReplacement && cp >= 0x800);
}

/// store_encoded for a value below U+0800 (1 or 2 bytes) or, where `WithReplacement`, U+FFFD
/// (3 bytes, EF BF BD: the only value at or above U+0800 such a chunk holds), in fewer
/// instructions: the pair's bytes built directly, the replacement's a constant.
template <bool WithReplacement>
__host__ __device__ __forceinline__ unsigned store_short(std::uint32_t cp, std::uint8_t* to) {
  const bool two = cp >= 0x80;
  const bool three = WithReplacement && cp >= 0x800;
  const std::uint32_t pair = (0xC0u | (cp >> 6)) | (0x80u | (cp & 0x3Fu)) << 8;
  std::uint32_t bytes = two ? pair : cp;
  if constexpr (WithReplacement) bytes = three ? 0xBDBFEFu : bytes;
  to[0] = static_cast<std::uint8_t>(bytes);
  if (two) to[1] = static_cast<std::uint8_t>(bytes >> 8);
  if (three) to[2] = static_cast<std::uint8_t>(bytes >> 16);
  return 1 + two + three;  // 1 + short_bytes_after_first, from the stores' comparisons
}

}  // namespace parprim::cuda_efficient::utf8
