// What a conformance run checked: the count of test cases that ran (a run that matched no test
// case is a failure, never a pass), and, in a run without a parent (--no-isolation), the report
// of its cases at its end (conformance_matrix.hpp; with a parent, the parent prints it).
#pragma once

#include <cstdint>

namespace parprim::conformance {

/// The Catch2 test cases that have run in this process.
std::uint64_t test_cases_run();

/// Exit status of a run whose test spec matched no test case.
inline constexpr int exit_no_test_case = 3;

}  // namespace parprim::conformance
