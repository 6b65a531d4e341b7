// What a conformance run checked: per plugin variant, the cases (problem, distribution, size)
// it passed and failed, printed at the end of the run, and the count of test cases that ran.
// The GPU attestation (attestation/) records these lines, and a run that matched no test case
// is a failure, never a pass.
#pragma once

#include <cstdint>
#include <string>

namespace parprim::conformance {

/// Counts one validated case of `plugin_variant` ("thrust/cub").
void tally_case(const std::string& plugin_variant, bool passed);

/// The Catch2 test cases that have run in this process.
std::uint64_t test_cases_run();

/// Exit status of a run whose test spec matched no test case.
inline constexpr int exit_no_test_case = 3;

}  // namespace parprim::conformance
