// The UTF-8 oracle: the standard's examples, every scalar value round trip, and CPython's codec
// on every 1- and 2-byte string, every 3- and 4-byte string over the boundary byte values, and
// random strings (seed below).
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"

namespace fs = std::filesystem;
using bytes = std::vector<std::uint8_t>;
using code_points = std::vector<std::uint32_t>;
using parprim::utf8::boundary_bytes;
using parprim::utf8::decode_reference;
using parprim::utf8::encode_reference;
using parprim::utf8::validate_reference;
using parprim::utf8::validation;

namespace {

constexpr std::uint32_t R = parprim::utf8::replacement;

code_points decode(const bytes& in) {
  code_points out(in.size());
  out.resize(decode_reference(in.data(), in.size(), out.data()));
  return out;
}

bytes encode(const code_points& in) {
  bytes out(4 * in.size());
  out.resize(encode_reference(in.data(), in.size(), out.data()));
  return out;
}

code_points repeat(std::uint32_t cp, std::size_t times) {
  return code_points(times, cp);
}

code_points concat(std::initializer_list<code_points> parts) {
  code_points all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}


void write_u32(std::ofstream& f, std::uint32_t v) {
  f.write(reinterpret_cast<const char*>(&v), 4);  // little-endian on every x86 machine here
}

std::uint32_t read_u32(std::ifstream& f) {
  std::uint32_t v = 0;
  f.read(reinterpret_cast<char*>(&v), 4);
  return v;
}

// Runs tests/core/utf8/cpython_utf8.py MODE over a file the caller wrote.
fs::path run_cpython(const std::string& mode, const fs::path& in) {
  const fs::path out = fs::path(in).replace_extension(".out");
  const std::string command = "python3 '" + std::string(PARPRIM_CPYTHON_UTF8_SCRIPT) + "' " + mode +
                              " '" + in.string() + "' '" + out.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  return out;
}

std::string fmt_byte(std::uint8_t b) {
  char text[4];
  std::snprintf(text, sizeof text, " %02X", b);
  return text;
}

fs::path scratch_file(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("parprim-utf8-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

}  // namespace

TEST_CASE(
    "utf8 reference: the standard's examples of ill-formed sequences, one U+FFFD per maximal "
    "subpart") {
  CHECK(decode({0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41}) ==
        concat({repeat(R, 8), {0x41}}));
  CHECK(decode({0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF, 0xED, 0xAF, 0x41}) ==
        concat({repeat(R, 8), {0x41}}));
  CHECK(decode({0xF4, 0x91, 0x92, 0x93, 0xFF, 0x41, 0x80, 0xBF, 0x42}) ==
        concat({repeat(R, 5), {0x41}, repeat(R, 2), {0x42}}));
  CHECK(decode({0xE1, 0x80, 0xE2, 0xF0, 0x91, 0x92, 0xF1, 0xBF, 0x41}) ==
        concat({repeat(R, 4), {0x41}}));
  CHECK(decode({0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64}) ==
        concat({{0x61}, repeat(R, 3), {0x62}, {R}, {0x63}, repeat(R, 2), {0x64}}));
  CHECK(decode({0xF0, 0x80, 0x80, 0x41}) == concat({repeat(R, 3), {0x41}}));
  CHECK(decode({0xE0, 0x80, 0x80}) == repeat(R, 3));
  CHECK(decode({0xC0, 0x80}) == repeat(R, 2));
  CHECK(decode({0xF4, 0x90, 0x80, 0x80}) == repeat(R, 4));
  CHECK(decode({0xF5, 0x80, 0x80, 0x80}) == repeat(R, 4));
  CHECK(decode({0xFE, 0xFF}) == repeat(R, 2));
  CHECK(decode({0xE2, 0x82, 0x41}) == code_points{R, 0x41});
  CHECK(decode({0xF0, 0x9F, 0x98}) == code_points{R});  // truncated at the very end
}

TEST_CASE("utf8 reference: well-formed sequences of every length, noncharacters unchanged") {
  CHECK(decode({}).empty());
  CHECK(decode({0x00}) == code_points{0});
  CHECK(decode({0x24, 0xC2, 0xA2, 0xE2, 0x82, 0xAC, 0xF0, 0x90, 0x8D, 0x88}) ==
        code_points{0x24, 0xA2, 0x20AC, 0x10348});
  CHECK(decode({0xEF, 0xBF, 0xBE, 0xEF, 0xB7, 0x90, 0xF4, 0x8F, 0xBF, 0xBF}) ==
        code_points{0xFFFE, 0xFDD0, 0x10FFFF});
  CHECK(decode({0xEF, 0xBF, 0xBD}) == code_points{R});  // a literal U+FFFD is well-formed
}

TEST_CASE("utf8 reference: the validating form counts what decoding replaces and finds the first") {
  const bytes clean = {0x24, 0xC2, 0xA2, 0xE2, 0x82, 0xAC};
  CHECK(validate_reference(clean.data(), clean.size()) == validation{0, clean.size()});
  CHECK(validate_reference(nullptr, 0) == validation{0, 0});
  const bytes mixed = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2,
                       0x62, 0x80, 0x63, 0x80, 0xBF, 0x64};
  CHECK(validate_reference(mixed.data(), mixed.size()) == validation{6, 1});
  const bytes literal = {0xEF, 0xBF, 0xBD, 0x41, 0xFF};  // a literal U+FFFD is no error
  CHECK(validate_reference(literal.data(), literal.size()) == validation{1, 4});
}

TEST_CASE(
    "utf8 reference: every scalar value round trips; surrogates and values above 10FFFF encode as "
    "U+FFFD") {
  code_points scalars;
  for (std::uint32_t cp = 0; cp <= parprim::utf8::max_scalar; ++cp)
    if (parprim::utf8::is_scalar(cp)) scalars.push_back(cp);
  REQUIRE(scalars.size() == 1112064);
  const bytes encoded = encode(scalars);
  CHECK(encoded.size() == 128 + 2 * 1920 + 3 * 61440 + 4 * 1048576);
  CHECK(decode(encoded) == scalars);
  CHECK(validate_reference(encoded.data(), encoded.size()).ill_formed_subparts == 0);

  CHECK(encode({0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF}) ==
        bytes{0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD});
  CHECK(encode({}).empty());
  for (const std::uint32_t cp : {0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xFFFFu, 0x10000u, 0x10FFFFu})
    CHECK(encode({cp}).size() == parprim::utf8::encoded_length(cp));
}

TEST_CASE("utf8 reference: decoding agrees with CPython's decode('utf-8', 'replace')") {
  std::vector<bytes> inputs;
  for (unsigned a = 0; a < 256; ++a) inputs.push_back({std::uint8_t(a)});
  for (unsigned a = 0; a < 256; ++a)
    for (unsigned b = 0; b < 256; ++b) inputs.push_back({std::uint8_t(a), std::uint8_t(b)});
  for (auto a : boundary_bytes)
    for (auto b : boundary_bytes)
      for (auto c : boundary_bytes) {
        inputs.push_back({a, b, c});
        for (auto d : boundary_bytes) inputs.push_back({a, b, c, d});
      }
  // Random strings, mostly of boundary bytes, some of any byte, up to 40 long.
  const std::uint64_t seed = 20261124;
  std::mt19937_64 rng(seed);
  for (int s = 0; s < 20000; ++s) {
    bytes in(rng() % 41);
    for (auto& b : in)
      b = rng() % 4 ? boundary_bytes[rng() % std::size(boundary_bytes)] : std::uint8_t(rng());
    inputs.push_back(std::move(in));
  }

  const fs::path in_file = scratch_file("decode.in");
  {
    std::ofstream f(in_file, std::ios::binary);
    for (const auto& in : inputs) {
      write_u32(f, static_cast<std::uint32_t>(in.size()));
      f.write(reinterpret_cast<const char*>(in.data()), std::streamsize(in.size()));
    }
  }
  std::ifstream expected(run_cpython("decode", in_file), std::ios::binary);
  std::size_t disagreements = 0;
  for (const auto& in : inputs) {
    code_points python(read_u32(expected));
    for (auto& cp : python) cp = read_u32(expected);
    REQUIRE(expected.good());
    if (decode(in) != python && ++disagreements <= 5) {
      std::string hex;
      for (auto b : in) hex += fmt_byte(b);
      FAIL_CHECK("the oracle and CPython disagree on bytes" << hex << " (seed " << seed << ")");
    }
  }
  CHECK(disagreements == 0);
  INFO(inputs.size() << " inputs");
  fs::remove_all(in_file.parent_path());
}

TEST_CASE("utf8 reference: encoding every scalar value agrees with CPython's encode('utf-8')") {
  const fs::path in_file = scratch_file("encode.in");
  code_points scalars;
  {
    std::ofstream f(in_file, std::ios::binary);
    for (std::uint32_t cp = 0; cp <= parprim::utf8::max_scalar; ++cp)
      if (parprim::utf8::is_scalar(cp)) {
        scalars.push_back(cp);
        write_u32(f, cp);
      }
  }
  std::ifstream expected(run_cpython("encode", in_file), std::ios::binary);
  std::size_t disagreements = 0;
  for (const std::uint32_t cp : scalars) {
    bytes python(read_u32(expected));
    expected.read(reinterpret_cast<char*>(python.data()), std::streamsize(python.size()));
    REQUIRE(expected.good());
    if (encode({cp}) != python && ++disagreements <= 5)
      FAIL_CHECK("the oracle and CPython encode U+" << std::hex << cp << " differently");
  }
  CHECK(disagreements == 0);
  fs::remove_all(in_file.parent_path());
}

TEST_CASE("utf8 rules: is_unit_start marks exactly where the oracle's units begin") {
  // The units of a prefix of length m are the unit starts before m (a start depends only on the
  // bytes before it; a unit cut by the prefix's end is still one unit), so agreeing on the unit
  // count of every prefix is agreeing on every start.
  auto check_every_prefix = [](const bytes& in) {
    std::uint64_t starts = 0;
    for (std::uint64_t m = 1; m <= in.size(); ++m) {
      starts += parprim::utf8::is_unit_start(in.data(), m - 1);
      code_points out(m);
      if (decode_reference(in.data(), m, out.data()) != starts) return false;
    }
    return true;
  };
  std::uint64_t checked = 0;
  for (auto a : boundary_bytes)
    for (auto b : boundary_bytes)
      for (auto c : boundary_bytes)
        for (auto d : boundary_bytes) {
          if (!check_every_prefix({a, b, c, d})) FAIL("disagree on a 4-byte string");
          ++checked;
        }
  std::mt19937_64 rng(20261124);
  for (int s = 0; s < 20000; ++s, ++checked) {
    bytes in(1 + rng() % 40);
    for (auto& x : in)
      x = rng() % 4 ? boundary_bytes[rng() % std::size(boundary_bytes)] : std::uint8_t(rng());
    if (!check_every_prefix(in))
      FAIL("disagree on a random string (seed 20261124, string " << s << ")");
  }
  CHECK(checked == 390625 + 20000);
}

TEST_CASE("utf8 rules: walking unit_at from the start decodes as the oracle does") {
  // unit_at is the device plugins' decoder of one unit (cuda_naive, thrust): stepping by its
  // lengths must give the oracle's code points, and land only on unit starts.
  auto agrees = [](const bytes& in) {
    code_points walked;
    for (std::uint64_t i = 0; i < in.size();) {
      if (!parprim::utf8::is_unit_start(in.data(), i)) return false;
      const parprim::utf8::unit u = parprim::utf8::unit_at(in.data(), in.size(), i);
      walked.push_back(u.code_point);
      i += u.length;
    }
    return walked == decode(in);
  };
  std::uint64_t checked = 0;
  for (unsigned a = 0; a < 256; ++a, ++checked) {
    if (!agrees({std::uint8_t(a)})) FAIL("disagree on the byte " << a);
    for (unsigned b = 0; b < 256; ++b, ++checked)
      if (!agrees({std::uint8_t(a), std::uint8_t(b)})) FAIL("disagree on " << a << " " << b);
  }
  for (auto a : boundary_bytes)
    for (auto b : boundary_bytes)
      for (auto c : boundary_bytes)
        for (auto d : boundary_bytes) {
          if (!agrees({a, b, c, d})) FAIL("disagree on a 4-byte string");
          ++checked;
        }
  CHECK(checked == 256 + 65536 + 390625);
}
