// The UTF-8 oracle: a plain decoder written from Table 3-7 and the rule of maximal subparts,
// and a plain encoder, one byte or code point at a time. Every UTF-8 backend is judged against
// these (docs/semantics.md, "UTF-8"); tests/core/utf8 checks them against CPython.
#pragma once

#include <cstdint>

namespace parprim::utf8 {

/// Decodes n bytes into code points: each well-formed sequence to its scalar value, each
/// maximal subpart of an ill-formed sequence (Unicode 3.9, D93b: the longest initial part of a
/// well-formed sequence at that offset, or one byte) to one U+FFFD, decoding resuming right
/// after it. `out` has room for n code points; returns how many were written (at most n).
std::uint64_t decode_reference(const std::uint8_t* in, std::uint64_t n, std::uint32_t* out);

/// The validating form: what decode_reference would replace, counted, without writing.
struct validation {
  std::uint64_t ill_formed_subparts = 0;  // the U+FFFD decode_reference would write for them
  std::uint64_t first_error = 0;          // byte offset of the first one; n when there is none
  friend bool operator==(const validation&, const validation&) = default;
};
validation validate_reference(const std::uint8_t* in, std::uint64_t n);

/// Encodes n code points as UTF-8: a surrogate (D800-DFFF) or a value above 10FFFF becomes
/// U+FFFD (EF BF BD). `out` has room for 4n bytes; returns how many were written.
std::uint64_t encode_reference(const std::uint32_t* in, std::uint64_t n, std::uint8_t* out);

}  // namespace parprim::utf8
