#include "conformance_tally.hpp"

// A listener is one of Catch2's external interfaces: declared only when asked for.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include <iostream>

#include "conformance_ledger.hpp"
#include "conformance_matrix.hpp"

namespace parprim::conformance {
namespace {

std::uint64_t started = 0;

// Catch2 tells a listener of every test case and of the run's end.
class tally_listener : public Catch::TestEventListenerBase {
 public:
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    ++started;
    TestEventListenerBase::testCaseStarting(info);
  }
  void testRunEnded(const Catch::TestRunStats& stats) override {
    if (!parent_keeps_ledger()) print_report(std::cout, recorded_cases());
    TestEventListenerBase::testRunEnded(stats);
  }
};
CATCH_REGISTER_LISTENER(tally_listener)

}  // namespace

std::uint64_t test_cases_run() {
  return started;
}

}  // namespace parprim::conformance
