// The non-negative key domain a sort variant may declare (key_domain.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "parprim/key_domain.hpp"

using namespace parprim;

namespace {
template <class T>
host_array array_of(const std::vector<T>& values) {
  host_array a(dtype_of<T>::value, values.size());
  std::copy(values.begin(), values.end(), a.as<T>().begin());
  return a;
}
}  // namespace

TEST_CASE("key domain: the first key below zero, NaN included, -0.0 not") {
  CHECK_FALSE(first_key_below_zero(array_of<std::int32_t>({0, 5, 7})));
  CHECK(first_key_below_zero(array_of<std::int32_t>({0, 5, -7, -1})) == 2u);
  CHECK(first_key_below_zero(array_of<std::int64_t>({std::numeric_limits<std::int64_t>::min()})) ==
        0u);
  CHECK_FALSE(first_key_below_zero(array_of<std::uint32_t>({0xFFFFFFFFu})));
  CHECK_FALSE(first_key_below_zero(array_of<float>({-0.0f, 1.0f})));
  CHECK(first_key_below_zero(array_of<double>({1.0, std::nan("")})) == 1u);
  CHECK_FALSE(first_key_below_zero(host_array(PARPRIM_I32, 0)));
}

TEST_CASE("key domain: clearing the sign bits brings any input inside, in its shape") {
  const auto i = with_sign_bits_cleared(
      array_of<std::int32_t>({-1, 3, std::numeric_limits<std::int32_t>::min(), -4}));
  CHECK(std::vector<std::int32_t>(i.as<std::int32_t>().begin(), i.as<std::int32_t>().end()) ==
        std::vector<std::int32_t>{std::numeric_limits<std::int32_t>::max(), 3, 0,
                                  std::numeric_limits<std::int32_t>::max() - 3});
  const auto f = with_sign_bits_cleared(
      array_of<double>({-2.5, -0.0, -std::numeric_limits<double>::infinity(), -std::nan("")}));
  const auto v = f.as<double>();
  CHECK(v[0] == 2.5);
  CHECK((v[1] == 0 && !std::signbit(v[1])));
  CHECK(v[2] == std::numeric_limits<double>::infinity());
  CHECK(v[3] == std::numeric_limits<double>::infinity());
  CHECK_FALSE(first_key_below_zero(f));
  const auto u = with_sign_bits_cleared(array_of<std::uint64_t>({~std::uint64_t(0)}));
  CHECK(u.as<std::uint64_t>()[0] == ~std::uint64_t(0));
}

TEST_CASE("key domain: only a sort that declares it is limited") {
  problem sort;
  sort.operation = PARPRIM_OP_SORT;
  problem scan;
  scan.operation = PARPRIM_OP_SCAN;
  CHECK(limits_keys_to_nonnegative(PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_NONNEGATIVE_KEYS, sort));
  CHECK_FALSE(limits_keys_to_nonnegative(PARPRIM_CAP_SORT_KEYS, sort));
  CHECK_FALSE(limits_keys_to_nonnegative(PARPRIM_CAP_SORT_NONNEGATIVE_KEYS, scan));
}
