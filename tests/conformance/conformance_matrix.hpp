// The report of a conformance run's cases (conformance_ledger.hpp), printed at its end: per
// variant, its counts; and for a variant with a case that did not pass, a matrix per form with
// such a case (sizes by input classes: pass, wrong, error, crash, hang, exit, not run) and one
// line per failing case class, so that a student sees every size and input their code fails
// on, not only the first.
#pragma once

#include <ostream>
#include <vector>

#include "conformance_ledger.hpp"

namespace parprim::conformance {

/// Prints the report. Each variant's counts are one line, "conformance: variant P/V: N cases
/// passed, F failed" (", S not run" added when some were not), which the GPU attestation reads.
void print_report(std::ostream& os, const std::vector<case_record>& records);

/// Whether every case passed.
bool all_passed(const std::vector<case_record>& records);

}  // namespace parprim::conformance
