#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "arrays.hpp"
#include "parprim/reference.hpp"

using namespace parprim;
using test::make_array;
using test::to_vector;

namespace {
problem scan_problem(parprim_dtype t, parprim_scan_kind kind) {
  problem p;
  p.operation = PARPRIM_OP_SCAN;
  p.dtype = t;
  p.scan_kind = kind;
  return p;
}
problem sort_problem(parprim_dtype t, parprim_sort_order order, parprim_sort_payload payload) {
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = t;
  p.sort_order = order;
  p.sort_payload = payload;
  return p;
}
}  // namespace

TEST_CASE("scan: exclusive and inclusive sums") {
  const auto in = make_array<std::int32_t>({3, 1, 7, 0, 4, 1, 6, 3});
  auto ex = compute_reference(scan_problem(PARPRIM_I32, PARPRIM_SCAN_EXCLUSIVE), in, nullptr);
  CHECK(to_vector<std::int32_t>(ex.out) == std::vector<std::int32_t>{0, 3, 4, 11, 11, 15, 16, 22});
  auto inc = compute_reference(scan_problem(PARPRIM_I32, PARPRIM_SCAN_INCLUSIVE), in, nullptr);
  CHECK(to_vector<std::int32_t>(inc.out) ==
        std::vector<std::int32_t>{3, 4, 11, 11, 15, 16, 22, 25});
}

TEST_CASE("scan: integers wrap like unsigned arithmetic") {
  const std::int32_t max = std::numeric_limits<std::int32_t>::max();
  const auto in = make_array<std::int32_t>({max, 1, 1});
  auto r = compute_reference(scan_problem(PARPRIM_I32, PARPRIM_SCAN_INCLUSIVE), in, nullptr);
  CHECK(to_vector<std::int32_t>(r.out) ==
        std::vector<std::int32_t>{max, std::numeric_limits<std::int32_t>::min(),
                                  std::numeric_limits<std::int32_t>::min() + 1});
  const auto u = make_array<std::uint64_t>({~0ull, 2});
  auto ru = compute_reference(scan_problem(PARPRIM_U64, PARPRIM_SCAN_INCLUSIVE), u, nullptr);
  CHECK(to_vector<std::uint64_t>(ru.out) == std::vector<std::uint64_t>{~0ull, 1});
}

TEST_CASE("scan: floats are summed in higher precision and rounded once") {
  // In float, 2^24 + 1 + 1 sums to 2^24 one step at a time; the reference keeps both ones.
  const auto in = make_array<float>({16777216.0f, 1.0f, 1.0f});
  auto r = compute_reference(scan_problem(PARPRIM_F32, PARPRIM_SCAN_INCLUSIVE), in, nullptr);
  CHECK(to_vector<float>(r.out)[2] == 16777218.0f);
}

TEST_CASE("compact: stable, with the count, for both predicates") {
  problem p;
  p.operation = PARPRIM_OP_COMPACT;
  p.dtype = PARPRIM_I32;
  const auto in = make_array<std::int32_t>({0, 3, 0, -1, 2, 0, 3});
  auto r = compute_reference(p, in, nullptr);
  CHECK(r.count == 4);
  CHECK(to_vector<std::int32_t>(r.out, r.count) == std::vector<std::int32_t>{3, -1, 2, 3});
  p.predicate = PARPRIM_PRED_GREATER_THAN;
  p.set_threshold(2);
  r = compute_reference(p, in, nullptr);
  CHECK(to_vector<std::int32_t>(r.out, r.count) == std::vector<std::int32_t>{3, 3});
}

TEST_CASE("compact: -0.0 is zero and NaN is nonzero, NaN is never greater") {
  problem p;
  p.operation = PARPRIM_OP_COMPACT;
  p.dtype = PARPRIM_F64;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto in = make_array<double>({-0.0, nan, 1.5, 0.0});
  auto r = compute_reference(p, in, nullptr);
  REQUIRE(r.count == 2);
  CHECK(std::isnan(to_vector<double>(r.out, 2)[0]));
  p.predicate = PARPRIM_PRED_GREATER_THAN;
  p.set_threshold(-1);
  r = compute_reference(p, in, nullptr);
  CHECK(r.count == 3);  // -0.0, 1.5, 0.0
}

TEST_CASE("sort: floats in CUB's order, ties (±0 too) in input order") {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto in = make_array<float>({nan, 1.0f, -0.0f, -inf, 0.0f, -nan, inf, -2.0f, -0.0f});
  auto r = compute_reference(sort_problem(PARPRIM_F32, PARPRIM_SORT_ASCENDING, PARPRIM_SORT_KEYS),
                             in, nullptr);
  const auto v = to_vector<float>(r.out);
  CHECK((std::isnan(v[0]) && std::signbit(v[0])));
  CHECK(v[1] == -inf);
  CHECK(v[2] == -2.0f);
  // the three zeros keep their input order: -0, +0, -0
  CHECK((v[3] == 0 && std::signbit(v[3])));
  CHECK((v[4] == 0 && !std::signbit(v[4])));
  CHECK((v[5] == 0 && std::signbit(v[5])));
  CHECK(v[6] == 1.0f);
  CHECK(v[7] == inf);
  CHECK((std::isnan(v[8]) && !std::signbit(v[8])));

  auto d = compute_reference(sort_problem(PARPRIM_F32, PARPRIM_SORT_DESCENDING, PARPRIM_SORT_KEYS),
                             in, nullptr);
  const auto w = to_vector<float>(d.out);
  CHECK((std::isnan(w[0]) && !std::signbit(w[0])));
  CHECK(w[1] == inf);
  CHECK((w[3] == 0 && std::signbit(w[3])));  // ties still in input order when descending
  CHECK((w[4] == 0 && !std::signbit(w[4])));
  CHECK((std::isnan(w[8]) && std::signbit(w[8])));
}

TEST_CASE("sort: pairs are stable in both orders") {
  const auto keys = make_array<std::int32_t>({2, -1, 2, 0, -1, 2});
  const auto values = make_array<std::int32_t>({0, 1, 2, 3, 4, 5});
  auto up = compute_reference(sort_problem(PARPRIM_I32, PARPRIM_SORT_ASCENDING, PARPRIM_SORT_PAIRS),
                              keys, &values);
  CHECK(to_vector<std::int32_t>(up.out) == std::vector<std::int32_t>{-1, -1, 0, 2, 2, 2});
  CHECK(to_vector<std::int32_t>(up.values_out) == std::vector<std::int32_t>{1, 4, 3, 0, 2, 5});
  auto down = compute_reference(
      sort_problem(PARPRIM_I32, PARPRIM_SORT_DESCENDING, PARPRIM_SORT_PAIRS), keys, &values);
  CHECK(to_vector<std::int32_t>(down.out) == std::vector<std::int32_t>{2, 2, 2, 0, -1, -1});
  CHECK(to_vector<std::int32_t>(down.values_out) == std::vector<std::int32_t>{0, 2, 5, 3, 1, 4});
}

TEST_CASE("sort: unsigned and signed extremes") {
  const auto u = make_array<std::uint32_t>({0xFFFFFFFFu, 0, 0x80000000u, 1});
  auto r = compute_reference(sort_problem(PARPRIM_U32, PARPRIM_SORT_ASCENDING, PARPRIM_SORT_KEYS),
                             u, nullptr);
  CHECK(to_vector<std::uint32_t>(r.out) ==
        std::vector<std::uint32_t>{0, 1, 0x80000000u, 0xFFFFFFFFu});
  const auto s = make_array<std::int64_t>(
      {std::numeric_limits<std::int64_t>::max(), -1, std::numeric_limits<std::int64_t>::min(), 0});
  auto rs = compute_reference(sort_problem(PARPRIM_I64, PARPRIM_SORT_ASCENDING, PARPRIM_SORT_KEYS),
                              s, nullptr);
  CHECK(to_vector<std::int64_t>(rs.out) ==
        std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), -1, 0,
                                  std::numeric_limits<std::int64_t>::max()});
}

TEST_CASE("empty inputs give empty outputs") {
  for (parprim_dtype t : all_dtypes) {
    host_array empty(t, 0);
    auto r = compute_reference(scan_problem(t, PARPRIM_SCAN_EXCLUSIVE), empty, nullptr);
    CHECK(r.out.size() == 0);
  }
}

TEST_CASE("sort: the reference on many threads is stable at sizes where it splits the work") {
  // Above 2^22 keys the oracle sorts chunks in parallel and merges them: the result must still
  // be the stable order. Few distinct keys, so that ties cross every chunk boundary.
  const std::uint64_t n = (1u << 22) + 12345;
  problem p = sort_problem(PARPRIM_U32, PARPRIM_SORT_ASCENDING, PARPRIM_SORT_PAIRS);
  host_array keys(PARPRIM_U32, n), values(PARPRIM_U32, n);
  for (std::uint64_t i = 0; i < n; ++i) {
    keys.as<std::uint32_t>()[i] = static_cast<std::uint32_t>((i * 2654435761u) >> 28);  // 0..15
    values.as<std::uint32_t>()[i] = static_cast<std::uint32_t>(i);
  }
  const auto r = compute_reference(p, keys, &values);
  const auto k = r.out.as<std::uint32_t>();
  const auto v = r.values_out.as<std::uint32_t>();
  bool ordered = true;
  for (std::uint64_t i = 1; i < n; ++i)
    ordered &= k[i - 1] < k[i] || (k[i - 1] == k[i] && v[i - 1] < v[i]);
  CHECK(ordered);
  CHECK(keys.as<std::uint32_t>()[v[n / 2]] == k[n / 2]);
}
