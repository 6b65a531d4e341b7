#include "parprim/utf8/operations.hpp"

#include <cstdio>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>

#include "parprim/utf8/reference.hpp"

namespace parprim::utf8 {
namespace {

std::string code_point_text(std::uint32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", cp);
  return buf;
}
std::string byte_text(std::uint8_t b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", b);
  return buf;
}

template <class T, class Text>
std::optional<mismatch> compare(const char* what, std::span<const T> want, std::span<const T> got,
                                std::uint64_t count, Text text) {
  for (std::uint64_t i = 0; i < count; ++i)
    if (want[i] != got[i]) return mismatch{what, i, text(want[i]), text(got[i])};
  return std::nullopt;
}

}  // namespace

reference_output reference_of(const problem& p, const host_array& in) {
  if (!is_utf8(p.operation) || in.dtype() != utf8_input_dtype(p.operation))
    throw std::invalid_argument("utf8::reference_of: not a UTF-8 problem and its input");
  reference_output r;
  const std::uint64_t n = in.size();
  if (p.is_validation()) {
    const validation v = validate_reference(in.as<std::uint8_t>().data(), n);
    r.out = host_array(PARPRIM_U32, 0);
    r.count = v.ill_formed_subparts;
    r.first_error = v.first_error;
    return r;
  }
  // Written into room for the most the operation can produce, then kept at the count written:
  // the arena holds the expected output at its own length.
  host_array most(p.output_dtype(), p.output_capacity(n));
  if (p.operation == PARPRIM_OP_UTF8_DECODE)
    r.count = decode_reference(in.as<std::uint8_t>().data(), n, most.as<std::uint32_t>().data());
  else
    r.count = encode_reference(in.as<std::uint32_t>().data(), n, most.as<std::uint8_t>().data());
  r.out = host_array(p.output_dtype(), r.count);
  if (r.count) std::memcpy(r.out.data(), most.data(), r.out.bytes());
  return r;
}

std::optional<mismatch> check_output(const problem& p, const reference_output& expected,
                                     const backend_output& actual) {
  const char* counted = p.is_validation()                        ? "ill-formed subparts"
                        : p.operation == PARPRIM_OP_UTF8_DECODE ? "code points"
                                                                 : "bytes";
  if (actual.count != expected.count)
    return mismatch{std::string("count of ") + counted, 0, std::to_string(expected.count),
                    std::to_string(actual.count)};
  if (p.is_validation()) {
    if (actual.first_error != expected.first_error)
      return mismatch{"offset of the first error", 0, std::to_string(expected.first_error),
                      std::to_string(actual.first_error)};
    return std::nullopt;
  }
  if (!actual.out || actual.out->dtype() != p.output_dtype() ||
      actual.out->size() < expected.count)
    throw std::invalid_argument("utf8::check_output: output missing or of the wrong type");
  if (p.operation == PARPRIM_OP_UTF8_DECODE)
    return compare<std::uint32_t>("code point", expected.out.as<std::uint32_t>(),
                                  actual.out->as<std::uint32_t>(), expected.count,
                                  code_point_text);
  return compare<std::uint8_t>("byte", expected.out.as<std::uint8_t>(),
                               actual.out->as<std::uint8_t>(), expected.count, byte_text);
}

}  // namespace parprim::utf8
