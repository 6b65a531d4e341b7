#include <catch2/catch.hpp>

#include "parprim/problem.hpp"

using namespace parprim;

TEST_CASE("thresholds are stored in the element type, floored and clamped for integers") {
  problem p;
  p.operation = PARPRIM_OP_COMPACT;
  p.predicate = PARPRIM_PRED_GREATER_THAN;

  p.dtype = PARPRIM_I32;
  p.set_threshold(2.7);
  CHECK(p.threshold<std::int32_t>() == 2);
  p.set_threshold(-2.5);
  CHECK(p.threshold<std::int32_t>() == -3);
  p.set_threshold(1e12);
  CHECK(p.threshold<std::int32_t>() == std::numeric_limits<std::int32_t>::max());

  p.dtype = PARPRIM_U32;
  p.set_threshold(-5);
  CHECK(p.threshold<std::uint32_t>() == 0);

  p.dtype = PARPRIM_F32;
  p.set_threshold(0.25);
  CHECK(p.threshold<float>() == 0.25f);
  CHECK(p.describe() == "compact greater_than 0.25 f32");
}

TEST_CASE("required flags follow the form of the operation") {
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.sort_payload = PARPRIM_SORT_PAIRS;
  p.sort_order = PARPRIM_SORT_DESCENDING;
  CHECK(p.required_flags() == (PARPRIM_CAP_SORT_PAIRS | PARPRIM_CAP_SORT_DESCENDING));
  CHECK(p.describe() == "sort pairs descending i32");
  p.operation = PARPRIM_OP_SCAN;
  p.scan_kind = PARPRIM_SCAN_INCLUSIVE;
  CHECK(p.required_flags() == PARPRIM_CAP_SCAN_INCLUSIVE);
}

TEST_CASE("a problem survives the trip through the C struct") {
  problem p;
  p.operation = PARPRIM_OP_COMPACT;
  p.dtype = PARPRIM_I64;
  p.variant = "branchless";
  p.predicate = PARPRIM_PRED_GREATER_THAN;
  p.set_threshold(-7);
  p.params = {{"block_size", 256}, {"threads", 2}};
  c_problem c(p);
  REQUIRE(c.get()->struct_size == sizeof(parprim_problem));
  const problem back = from_c(*c.get());
  CHECK(back.operation == p.operation);
  CHECK(back.dtype == p.dtype);
  CHECK(back.variant == "branchless");
  CHECK(back.threshold<std::int64_t>() == -7);
  CHECK(back.params == p.params);
}
