#include "parprim/utf8/reference.hpp"

#include "parprim/utf8/well_formed.hpp"

namespace parprim::utf8 {
namespace {

// The unit starting at `i`: a well-formed sequence (its value) or a maximal subpart (U+FFFD),
// and its length in bytes. The WHATWG decoder's mechanism: a lead byte bounds its first
// continuation byte, later ones are 80-BF; the first byte out of bounds, or the end of the
// input, ends a maximal subpart, and that byte is read again as the start of the next unit.
// (Written plainly, apart from well_formed.hpp's branch-free unit_of, which the backends
// share: the oracle must not share their shortcut.)
struct oracle_unit {
  std::uint32_t value;
  std::uint64_t length;
  bool well_formed;
};

oracle_unit oracle_unit_at(const std::uint8_t* in, std::uint64_t n, std::uint64_t i) {
  const lead l = lead_of(in[i]);
  if (l.length == 0) return {replacement, 1, false};
  std::uint32_t value = in[i] & l.payload;
  std::uint8_t low = l.first_low, high = l.first_high;
  std::uint64_t j = i + 1;
  for (unsigned k = 1; k < l.length; ++k, ++j) {
    if (j == n || in[j] < low || in[j] > high) return {replacement, j - i, false};
    value = (value << 6) | (in[j] & 0x3F);
    low = 0x80;
    high = 0xBF;
  }
  return {value, l.length, true};
}

}  // namespace

std::uint64_t decode_reference(const std::uint8_t* in, std::uint64_t n, std::uint32_t* out) {
  std::uint64_t written = 0;
  for (std::uint64_t i = 0; i < n;) {
    const oracle_unit u = oracle_unit_at(in, n, i);
    out[written++] = u.value;
    i += u.length;
  }
  return written;
}

validation validate_reference(const std::uint8_t* in, std::uint64_t n) {
  validation v;
  v.first_error = n;
  for (std::uint64_t i = 0; i < n;) {
    const oracle_unit u = oracle_unit_at(in, n, i);
    if (!u.well_formed) {
      if (v.ill_formed_subparts++ == 0) v.first_error = i;
    }
    i += u.length;
  }
  return v;
}

std::uint64_t encode_reference(const std::uint32_t* in, std::uint64_t n, std::uint8_t* out) {
  std::uint64_t written = 0;
  for (std::uint64_t i = 0; i < n; ++i) written += encode_one(in[i], out + written);
  return written;
}

}  // namespace parprim::utf8
