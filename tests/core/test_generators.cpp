#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "parprim/generators.hpp"
#include "parprim/reference.hpp"

using namespace parprim;

TEST_CASE("a seed reproduces an input and another seed does not") {
  for (parprim_dtype t : all_dtypes) {
    for (distribution d : {distribution::uniform, distribution::small, distribution::few_unique}) {
      CAPTURE(to_string(t), to_string(d));
      const auto a = generate(t, d, 1000, 42);
      const auto b = generate(t, d, 1000, 42);
      const auto c = generate(t, d, 1000, 43);
      CHECK(std::memcmp(a.data(), b.data(), a.bytes()) == 0);
      CHECK(std::memcmp(a.data(), c.data(), a.bytes()) != 0);
    }
  }
}

TEST_CASE("a prefix of a longer input is the shorter input") {
  const auto shorter = generate(PARPRIM_U64, distribution::uniform, 100, 7);
  const auto longer = generate(PARPRIM_U64, distribution::uniform, 1000, 7);
  CHECK(std::memcmp(shorter.data(), longer.data(), shorter.bytes()) == 0);
}

TEST_CASE("distributions have the shape their names promise") {
  const std::uint64_t n = 100000;
  const std::uint64_t seed = 12345;
  CAPTURE(seed);

  SECTION("small is 0..3 with about a quarter zeros") {
    const auto a = generate(PARPRIM_I32, distribution::small, n, seed);
    const auto v = a.as<std::int32_t>();
    CHECK(std::all_of(v.begin(), v.end(), [](auto x) { return x >= 0 && x <= 3; }));
    const auto zeros = static_cast<std::uint64_t>(std::count(v.begin(), v.end(), 0));
    CHECK(zeros > n / 4 - n / 50);
    CHECK(zeros < n / 4 + n / 50);
  }
  SECTION("sorted and reverse_sorted are ordered and span the type") {
    for (parprim_dtype t : all_dtypes) {
      CAPTURE(to_string(t));
      dispatch_dtype(t, [&]<class T>() {
        const auto up = generate(t, distribution::sorted, n, seed);
        const auto down = generate(t, distribution::reverse_sorted, n, seed);
        const auto u = up.as<T>();
        const auto d = down.as<T>();
        CHECK(std::is_sorted(u.begin(), u.end()));
        CHECK(std::is_sorted(d.rbegin(), d.rend()));
        CHECK(u.front() < T(0) + (std::is_signed_v<T> ? T(0) : T(1)));
        CHECK(u.front() < u.back());
      });
    }
  }
  SECTION("all_equal has one value, few_unique at most 16") {
    const auto equal = generate(PARPRIM_F64, distribution::all_equal, n, seed);
    const auto eq = equal.as<double>();
    CHECK(std::all_of(eq.begin(), eq.end(), [&](double x) { return x == eq[0]; }));
    const auto few = generate(PARPRIM_U32, distribution::few_unique, n, seed);
    const auto f = few.as<std::uint32_t>();
    CHECK(std::set<std::uint32_t>(f.begin(), f.end()).size() <= 16);
    CHECK(std::set<std::uint32_t>(f.begin(), f.end()).size() > 8);
  }
  SECTION("uniform floats lie in [-1, 1)") {
    const auto a = generate(PARPRIM_F32, distribution::uniform, n, seed);
    const auto v = a.as<float>();
    CHECK(std::all_of(v.begin(), v.end(), [](float x) { return x >= -1.0f && x < 1.0f; }));
    CHECK(*std::min_element(v.begin(), v.end()) < -0.99f);
  }
  SECTION("nonnegative keys are >= 0 and spread over the type's non-negative range") {
    // The arrays are kept: a span of a temporary one would read freed memory.
    const host_array ints = generate(PARPRIM_I32, distribution::nonnegative, n, seed);
    const auto i = ints.as<std::int32_t>();
    CHECK(*std::min_element(i.begin(), i.end()) >= 0);
    CHECK(*std::max_element(i.begin(), i.end()) > (std::numeric_limits<std::int32_t>::max() / 4) * 3);
    const host_array doubles = generate(PARPRIM_F64, distribution::nonnegative, n, seed);
    const auto f = doubles.as<double>();
    CHECK(std::all_of(f.begin(), f.end(), [](double x) { return x >= 0 && x < 1; }));
    CHECK(*std::max_element(f.begin(), f.end()) > 0.99);
    // Unsigned keys are all non-negative: the distribution is every bit pattern, as uniform's.
    const host_array unsigned_keys = generate(PARPRIM_U64, distribution::nonnegative, n, seed);
    const auto u = unsigned_keys.as<std::uint64_t>();
    CHECK(*std::max_element(u.begin(), u.end()) > (std::uint64_t(1) << 63));
  }
  SECTION("float_special mixes every special value") {
    const auto a = generate(PARPRIM_F32, distribution::float_special, n, seed);
    const auto v = a.as<float>();
    auto has = [&](auto pred) { return std::any_of(v.begin(), v.end(), pred); };
    CHECK(has([](float x) { return x == 0 && std::signbit(x); }));
    CHECK(has([](float x) { return x == 0 && !std::signbit(x); }));
    CHECK(has([](float x) { return std::isinf(x) && x > 0; }));
    CHECK(has([](float x) { return std::isinf(x) && x < 0; }));
    CHECK(has([](float x) { return std::isnan(x) && std::signbit(x); }));
    CHECK(has([](float x) { return std::isnan(x) && !std::signbit(x); }));
    CHECK(has([](float x) { return std::fpclassify(x) == FP_SUBNORMAL; }));
  }
}

TEST_CASE("float_special is for floats only") {
  CHECK(applies_to(distribution::float_special, PARPRIM_F32));
  CHECK_FALSE(applies_to(distribution::float_special, PARPRIM_I32));
  CHECK_THROWS(generate(PARPRIM_I32, distribution::float_special, 10, 1));
  for (distribution d : all_distributions) REQUIRE(parse_distribution(to_string(d)) == d);
}

TEST_CASE("sort payloads count up from zero") {
  const auto v = generate_values(PARPRIM_I64, 5);
  const auto s = v.as<std::int64_t>();
  CHECK(std::vector<std::int64_t>(s.begin(), s.end()) == std::vector<std::int64_t>{0, 1, 2, 3, 4});
}
