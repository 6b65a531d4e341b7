#include <catch2/catch.hpp>

#include "measurement/measure.hpp"
#include "outputs/printers.hpp"

using namespace parprim;
using namespace parprim::runner;

namespace {
record make(const std::string& backend, std::uint64_t n, double seconds) {
  record r;
  r.benchmark = "scan";
  r.task.operation = PARPRIM_OP_SCAN;
  r.task.variant = "v";
  r.n = n;
  r.backend = backend;
  r.time = summarize({seconds});
  r.copy_time = summarize({seconds / 2});
  r.bytes_moved = 8.0 * double(n);
  return r;
}
}  // namespace

TEST_CASE("tables: one column per backend, one row per size, failures noted") {
  std::vector<record> rs = {make("a", 100, 1e-3), make("b", 100, 2e-3), make("a", 10, 1e-4)};
  record bad = make("b", 10, 1);
  bad.status = record_status::failed;
  bad.reason = "validation failed: element 3: expected 1, actual 2";
  rs.push_back(bad);
  const auto tables = make_tables(rs);
  REQUIRE(tables.size() == 1);
  const table& t = tables[0];
  CHECK(t.title == "scan exclusive i32, uniform");
  CHECK(t.columns == std::vector<std::string>{"a/v", "b/v"});
  CHECK(t.sizes == std::vector<std::uint64_t>{10, 100});
  CHECK(t.at(1, 1)->time->median == 2e-3);
  REQUIRE(t.notes.size() == 1);
  CHECK(t.notes[0]->reason.find("element 3") != std::string::npos);
  CHECK(rs[0].fraction_of_copy() == Approx(0.5));  // 8n bytes in 1 ms; the copy moves 8n in 0.5 ms
}

TEST_CASE("tables: an unavailable backend's column is its name alone, with no variant") {
  std::vector<record> rs = {make("a", 100, 1e-3)};
  record unavailable = make("gpu", 100, 0);
  unavailable.task.variant.clear();  // skipped before any variant was chosen
  unavailable.time.reset();
  unavailable.status = record_status::skipped;
  unavailable.reason = "unavailable: no CUDA device";
  rs.push_back(unavailable);
  const auto tables = make_tables(rs);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].columns == std::vector<std::string>{"a/v", "gpu"});
}

TEST_CASE("tables: times are printed with units") {
  CHECK(format_time(2.5) == "2.500 s");
  CHECK(format_time(0.0123) == "12.300 ms");
  CHECK(format_time(4.5e-6) == "4.50 us");
}
