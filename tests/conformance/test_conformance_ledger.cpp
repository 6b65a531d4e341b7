// The conformance ledger (conformance_ledger.hpp): a record survives its line, and the case a
// child ran last is found for the parent to charge with a crash met outside any case.
#include <catch2/catch.hpp>

#include "conformance_ledger.hpp"

using namespace parprim::conformance;

TEST_CASE("conformance ledger: a record is one line and back, tabs in its detail made spaces") {
  const case_record r{{42, "p/v", "scan exclusive i32", "uniform", 1023, 7},
                      case_outcome::wrong,
                      "element 3:\texpected 1, actual 2\n"};
  const auto back = parse_line(to_line(r));
  REQUIRE(back);
  CHECK(back->id.ordinal == 42);
  CHECK(back->id.text() == "p/v scan exclusive i32 uniform n=1023 seed=7");
  CHECK(back->outcome == case_outcome::wrong);
  CHECK(back->detail == "element 3: expected 1, actual 2 ");
  CHECK_FALSE(parse_line("the suite's own input and reference for scan exclusive i32 uniform"));
  CHECK_FALSE(parse_line(""));
}

TEST_CASE("conformance ledger: the case a child ran last, after its resume point") {
  const auto rec = [](std::uint64_t ordinal) {
    return case_record{{ordinal, "p/v", "scan exclusive i32", "uniform", ordinal, 1},
                       case_outcome::passed,
                       ""};
  };
  const std::vector<case_record> records{rec(3), rec(9), rec(5), rec(4)};
  const auto last = last_recorded_after(records, 4);
  REQUIRE(last);
  CHECK(last->id.ordinal == 9);
  // Nothing recorded since the resume point: the child made no progress.
  CHECK_FALSE(last_recorded_after(records, 9));
  CHECK_FALSE(last_recorded_after({}, 0));
}
