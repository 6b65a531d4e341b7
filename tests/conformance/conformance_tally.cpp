#include "conformance_tally.hpp"

// A listener is one of Catch2's external interfaces: declared only when asked for.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include <iostream>
#include <map>

namespace parprim::conformance {
namespace {

struct counts {
  std::uint64_t passed = 0, failed = 0;
};
std::map<std::string, counts>& tally() {
  static std::map<std::string, counts> t;
  return t;
}
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
    for (const auto& [variant, c] : tally())
      std::cout << "conformance: variant " << variant << ": " << c.passed << " cases passed, "
                << c.failed << " failed\n";
    TestEventListenerBase::testRunEnded(stats);
  }
};
CATCH_REGISTER_LISTENER(tally_listener)

}  // namespace

void tally_case(const std::string& plugin_variant, bool passed) {
  auto& c = tally()[plugin_variant];
  ++(passed ? c.passed : c.failed);
}

std::uint64_t test_cases_run() { return started; }

}  // namespace parprim::conformance
