// Every available plugin, every declared variant, every form of every operation, every element
// type and input distribution, at the edge sizes of conformance_cases.cpp, against the oracle.
// A combination a plugin does not declare is skipped by capability, never failed.
#include <catch2/catch.hpp>

#include <iostream>
#include <set>
#include <string>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_ledger.hpp"
#include "conformance_plugins.hpp"
#include "conformance_run.hpp"
#include "parprim/generators.hpp"

using namespace parprim;
using namespace parprim::conformance;

namespace {

void check_operation(parprim_operation op, parprim_dtype dtype) {
  // With no available plugin there is nothing to hold to the contract here; the test case
  // "the plugins under test load" fails for that.
  std::set<std::string> reported;
  for (const problem& form : forms(op, dtype)) {
    // An input nobody will run is not made.
    const std::vector<subject> subjects = subjects_for(form);
    if (subjects.empty()) continue;
    for (distribution d : all_distributions) {
      if (!applies_to(d, dtype)) continue;
      for (std::uint64_t n : sizes()) {
        if (!input_pending(subjects)) continue;  // run by an earlier child, before its crash
        const input_label where{std::string(to_string(d)), n, case_seed(n, d, dtype)};
        // Making the input and the oracle's answer is a step of its own for the watchdog.
        note_case("the suite's own input and reference for " + form.describe() + " " +
                  where.input + " n=" + std::to_string(n) + " seed=" + std::to_string(where.seed));
        const host_array in = generate(dtype, d, n, where.seed);
        const bool pairs = form.has_values();
        const host_array values = pairs ? generate_values(dtype, n) : host_array();
        check_input(subjects, form, in, pairs ? &values : nullptr, where, reported);
      }
    }
  }
}

}  // namespace

TEST_CASE("conformance: the plugins under test load") {
  const plugin_set& set = plugins_under_test();
  // A child that resumes after an earlier one's crash has said this already.
  if (!resuming())
    for (const auto& c : set.available)
      std::cout << "conformance: testing " << c.name() << " " << c.descriptor().version << " ("
                << c.plugin().path.string() << ")\n";
  for (const auto& u : set.unavailable)
    std::cout << "conformance: unavailable, skipped: " << u << "\n";
  for (const auto& e : set.load_errors) FAIL_CHECK(e);
  CHECK_FALSE(set.available.empty());
}

TEMPLATE_TEST_CASE("conformance: scan", "[scan]", std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t, float, double) {
  check_operation(PARPRIM_OP_SCAN, dtype_of<TestType>::value);
}

TEMPLATE_TEST_CASE("conformance: compact", "[compact]", std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t, float, double) {
  check_operation(PARPRIM_OP_COMPACT, dtype_of<TestType>::value);
}

TEMPLATE_TEST_CASE("conformance: sort", "[sort]", std::int32_t, std::uint32_t, std::int64_t,
                   std::uint64_t, float, double) {
  check_operation(PARPRIM_OP_SORT, dtype_of<TestType>::value);
}
