#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "arrays.hpp"
#include "parprim/generators.hpp"
#include "parprim/validate.hpp"

using namespace parprim;
using test::make_array;

namespace {
problem make(parprim_operation op, parprim_dtype t) {
  problem p;
  p.operation = op;
  p.dtype = t;
  return p;
}
}  // namespace

TEST_CASE("a correct result passes") {
  const std::uint64_t seed = 5;
  CAPTURE(seed);
  const problem p = make(PARPRIM_OP_SCAN, PARPRIM_I32);
  const auto in = generate(PARPRIM_I32, distribution::uniform, 1000, seed);
  const auto ref = compute_reference(p, in, nullptr);
  CHECK_FALSE(validate(p, in, ref, {&ref.out, nullptr, 0}).has_value());
}

TEST_CASE("a planted off-by-one in an integer scan is caught at its index") {
  const problem p = make(PARPRIM_OP_SCAN, PARPRIM_U32);
  const auto in = generate(PARPRIM_U32, distribution::small, 100, 1);
  const auto ref = compute_reference(p, in, nullptr);
  auto wrong = make_array<std::uint32_t>(test::to_vector<std::uint32_t>(ref.out));
  wrong.as<std::uint32_t>()[37] += 1;
  const auto m = validate(p, in, ref, {&wrong, nullptr, 0});
  REQUIRE(m.has_value());
  CHECK(m->index == 37);
  CHECK(m->what == "element");
  CHECK(m->describe() == "element 37: expected " + std::to_string(ref.out.as<std::uint32_t>()[37]) +
                             ", actual " + std::to_string(wrong.as<std::uint32_t>()[37]));
}

TEST_CASE("compaction: a wrong count and a wrong element are both caught") {
  problem p = make(PARPRIM_OP_COMPACT, PARPRIM_I64);
  const auto in = make_array<std::int64_t>({0, 5, 0, 6});
  const auto ref = compute_reference(p, in, nullptr);
  auto m = validate(p, in, ref, {&ref.out, nullptr, 3});
  REQUIRE(m.has_value());
  CHECK(m->what == "count");
  CHECK(m->describe() == "count 0: expected 2, actual 3");
  auto wrong = make_array<std::int64_t>({6, 5, 0, 0});
  m = validate(p, in, ref, {&wrong, nullptr, 2});
  REQUIRE(m.has_value());
  CHECK(m->index == 0);
  // elements past the count are not compared
  auto tail = make_array<std::int64_t>({5, 6, 99, 99});
  CHECK_FALSE(validate(p, in, ref, {&tail, nullptr, 2}).has_value());
}

TEST_CASE("sort: an unstable order of equal keys is caught through the values") {
  problem p = make(PARPRIM_OP_SORT, PARPRIM_I32);
  p.sort_payload = PARPRIM_SORT_PAIRS;
  const auto keys = make_array<std::int32_t>({1, 1, 0});
  const auto values = make_array<std::int32_t>({0, 1, 2});
  const auto ref = compute_reference(p, keys, &values);
  const auto swapped_values = make_array<std::int32_t>({2, 1, 0});
  const auto m = validate(p, keys, ref, {&ref.out, &swapped_values, 0});
  REQUIRE(m.has_value());
  CHECK(m->what == "value");
  CHECK(m->index == 1);
}

TEST_CASE("sort: -0.0 and +0.0 in the wrong order are caught bit for bit") {
  problem p = make(PARPRIM_OP_SORT, PARPRIM_F32);
  const auto keys = make_array<float>({0.0f, -0.0f});
  const auto ref = compute_reference(p, keys, nullptr);
  const auto swapped = make_array<float>({-0.0f, 0.0f});
  const auto m = validate(p, keys, ref, {&swapped, nullptr, 0});
  REQUIRE(m.has_value());
  CHECK(m->describe() == "element 0: expected 0, actual -0");
}

TEST_CASE("float scan: a different summation order passes, a wrong element fails") {
  problem p = make(PARPRIM_OP_SCAN, PARPRIM_F32);
  p.scan_kind = PARPRIM_SCAN_INCLUSIVE;
  const std::uint64_t n = 1 << 16, seed = 99;
  CAPTURE(seed);
  const auto in = generate(PARPRIM_F32, distribution::uniform, n, seed);
  const auto ref = compute_reference(p, in, nullptr);
  // The sequential float sum rounds at every step and differs from the reference.
  host_array sequential(PARPRIM_F32, n);
  float sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) sequential.as<float>()[i] = sum += in.as<float>()[i];
  CHECK_FALSE(validate(p, in, ref, {&sequential, nullptr, 0}).has_value());
  // An element dropped from one prefix is caught.
  sequential.as<float>()[10] -= in.as<float>()[5];
  const auto m = validate(p, in, ref, {&sequential, nullptr, 0});
  REQUIRE(m.has_value());
  CHECK(m->index == 10);
}

TEST_CASE("float scan: NaN and infinities must match exactly") {
  problem p = make(PARPRIM_OP_SCAN, PARPRIM_F64);
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto in = make_array<double>({1.0, inf, 2.0, -inf, 1.0});
  const auto ref = compute_reference(p, in, nullptr);  // exclusive: 0, 1, inf, inf, nan
  CHECK_FALSE(validate(p, in, ref, {&ref.out, nullptr, 0}).has_value());
  const auto finite = make_array<double>({0.0, 1.0, 1e308, inf, nan});
  auto m = validate(p, in, ref, {&finite, nullptr, 0});
  REQUIRE(m.has_value());
  CHECK(m->index == 2);
  const auto not_nan = make_array<double>({0.0, 1.0, inf, inf, inf});
  m = validate(p, in, ref, {&not_nan, nullptr, 0});
  REQUIRE(m.has_value());
  CHECK(m->index == 4);
  CHECK(m->describe().find("nan(0x") != std::string::npos);  // the expected NaN, with its bits
}

TEST_CASE("float scan tolerance grows with the terms and their magnitudes") {
  CHECK(float_scan_tolerance(PARPRIM_F32, 0, 0) == std::numeric_limits<float>::denorm_min());
  CHECK(float_scan_tolerance(PARPRIM_F32, 1000, 500) > float_scan_tolerance(PARPRIM_F32, 10, 500));
  CHECK(float_scan_tolerance(PARPRIM_F64, 1000, 500) <
        float_scan_tolerance(PARPRIM_F32, 1000, 500));
}

TEST_CASE("values are formatted to read back exactly") {
  CHECK(format_value(1.5f) == "1.5");
  CHECK(format_value(-0.0) == "-0");
  CHECK(format_value(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(format_value(std::int64_t{-12}) == "-12");
  CHECK(format_value(std::numeric_limits<float>::quiet_NaN()) == "nan(0x7fc00000)");
}
