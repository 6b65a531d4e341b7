#include <catch2/catch.hpp>

#include "parprim/types.hpp"

using namespace parprim;

TEST_CASE("element type names round-trip and sizes are right") {
  for (parprim_dtype t : all_dtypes) {
    CAPTURE(to_string(t));
    REQUIRE(parse_dtype(to_string(t)) == t);
  }
  CHECK(dtype_size(PARPRIM_I32) == 4);
  CHECK(dtype_size(PARPRIM_U64) == 8);
  CHECK(dtype_size(PARPRIM_F32) == 4);
  CHECK(is_float(PARPRIM_F64));
  CHECK_FALSE(is_float(PARPRIM_I64));
  CHECK_FALSE(parse_dtype("int32").has_value());
}

TEST_CASE("operation and form names round-trip") {
  for (parprim_operation op : all_operations) REQUIRE(parse_operation(to_string(op)) == op);
  CHECK(parse_scan_kind("inclusive") == PARPRIM_SCAN_INCLUSIVE);
  CHECK(parse_predicate("greater_than") == PARPRIM_PRED_GREATER_THAN);
  CHECK(parse_sort_order("descending") == PARPRIM_SORT_DESCENDING);
  CHECK(parse_sort_payload("pairs") == PARPRIM_SORT_PAIRS);
  CHECK_FALSE(parse_operation("reduce").has_value());
  CHECK(to_string(PARPRIM_OUT_OF_MEMORY) == "out of memory");
}

TEST_CASE("dispatch_dtype calls the matching C++ type") {
  CHECK(dispatch_dtype(PARPRIM_F64, []<class T>() { return std::is_same_v<T, double>; }));
  CHECK(dispatch_dtype(PARPRIM_U32, []<class T>() { return std::is_same_v<T, std::uint32_t>; }));
  CHECK_THROWS_AS(dispatch_dtype(static_cast<parprim_dtype>(99), []<class T>() { return 0; }),
                  std::invalid_argument);
}
