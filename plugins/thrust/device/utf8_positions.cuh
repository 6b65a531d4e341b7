// What both library variants of the UTF-8 operations map each position to (issue 34): `thrust`
// (transform, scan, scatter) and `cub` (select, reduce, scan) differ in the library calls, not in
// what a byte position or a code point means, so the functors live here once.
#pragma once

#include <cstdint>

#include "parprim/utf8/well_formed.hpp"

namespace parprim::thrust_plugin::utf8 {

/// Whether byte i starts a unit (the byte and the 3 before it decide).
struct starts_unit {
  const std::uint8_t* in;
  __host__ __device__ bool operator()(std::uint64_t i) const {
    return parprim::utf8::is_unit_start(in, i);
  }
};

/// The code point of the unit starting at byte i.
struct decode_at {
  const std::uint8_t* in;
  std::uint64_t n;
  __host__ __device__ std::uint32_t operator()(std::uint64_t i) const {
    return parprim::utf8::unit_at(in, n, i).code_point;
  }
};

/// What validation reduces: the replaced subparts and where the first starts (n: none).
struct errors {
  std::uint64_t count, first;
};

struct error_at {
  const std::uint8_t* in;
  std::uint64_t n;
  __host__ __device__ errors operator()(std::uint64_t i) const {
    const bool replaced =
        parprim::utf8::is_unit_start(in, i) && !parprim::utf8::unit_at(in, n, i).complete;
    return replaced ? errors{1, i} : errors{0, n};
  }
};

/// (sum, min): associative and commutative, so any reduction order gives the same pair.
struct combine_errors {
  __host__ __device__ errors operator()(const errors& a, const errors& b) const {
    return {a.count + b.count, a.first < b.first ? a.first : b.first};
  }
};

/// A code point's UTF-8 length (3 for one that becomes U+FFFD), as an offset of type Offset.
template <class Offset>
struct encoded_length {
  __host__ __device__ Offset operator()(std::uint32_t cp) const {
    return parprim::utf8::encode_unit(cp).length;
  }
};

/// Writes code point i's bytes at offsets[i] (an exclusive scan of the lengths), and, for the
/// last, the byte count.
template <class Offset>
struct write_encoded {
  const std::uint32_t* in;
  const Offset* offsets;
  std::uint64_t n;
  std::uint8_t* out;
  std::uint64_t* count;
  __device__ void operator()(std::uint64_t i) const {
    const parprim::utf8::encoded e = parprim::utf8::encode_unit(in[i]);
    for (unsigned b = 0; b < e.length; ++b)
      out[offsets[i] + b] = static_cast<std::uint8_t>(e.bytes >> (8 * b));
    if (i == n - 1) *count = offsets[i] + e.length;
  }
};

}  // namespace parprim::thrust_plugin::utf8
