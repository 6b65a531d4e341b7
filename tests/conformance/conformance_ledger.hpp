// The ledger of a conformance run: one record per case (a plugin variant on one input), so that
// a crash or hang costs that one case and a fresh child goes on after it (docs/isolation.md,
// "The conformance suite"). A child appends each record to the ledger file its parent named, as
// it goes, and notes the case it is about to run in its breadcrumb; the parent adds the case a
// child died or hung in, and starts the next child after it. Without a parent (--no-isolation)
// the records stay in memory. Either way they end as the report of conformance_matrix.hpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace parprim::conformance {

/// One case, as every record and breadcrumb names it. `ordinal` counts the cases of a child's
/// run in their order, which every child of a plugin repeats: the parent resumes after one.
struct case_id {
  std::uint64_t ordinal = 0;
  std::string variant;  // "plugin/variant"
  std::string form;     // "scan exclusive i32"
  std::string input;    // the input class: a distribution, or a named UTF-8 input
  std::uint64_t n = 0;
  std::uint64_t seed = 0;
  std::string text() const;  // "plugin/variant scan exclusive i32 uniform n=1023 seed=..."
};

enum class case_outcome { passed, wrong, error, crash, hang, exit, not_run };
std::string_view to_string(case_outcome o);
/// Whether the outcome ended the child (the parent records it, and resumes after it).
bool ended_the_child(case_outcome o);

struct case_record {
  case_id id;
  case_outcome outcome = case_outcome::passed;
  std::string detail;  // the mismatch, error, or how the child ended
};

/// A record as one line of tab-separated fields, and back (nothing for a line that is not one).
std::string to_line(const case_record& r);
std::optional<case_record> parse_line(std::string_view line);
std::vector<case_record> read_ledger(const std::filesystem::path& file);
/// The record of highest ordinal above `ordinal`, if any: the case a child ran last.
std::optional<case_record> last_recorded_after(const std::vector<case_record>& records,
                                               std::uint64_t ordinal);
void append_to_ledger(const std::filesystem::path& file, const case_record& r);

/// What the parent hands a child, in its environment: the ledger file, the ordinal to resume
/// after, and the file of what not to run (a variant, or a variant's form at one size).
struct child_ledger_settings {
  std::filesystem::path ledger, not_run;
  std::uint64_t resume_after = 0;
};
std::vector<std::string> child_environment(const child_ledger_settings& s);

// --- in the process that runs the cases -------------------------------------------------------

/// Whether this process is a child whose parent keeps the ledger (and prints the report).
bool parent_keeps_ledger();
/// Whether this process resumes after an earlier child's crash or hang (it then says less).
bool resuming();
/// Reserves the ordinals of the next `runs` cases; false when all of them ran in an earlier
/// child, so that the input need not be made.
bool cases_pending(std::size_t runs);
/// The next case's ordinal, or nothing when an earlier child ran it.
std::optional<std::uint64_t> next_case();
/// Why the case is not to be run (its variant, or its form at this size, faulted too often in
/// earlier children); empty when it is to run.
std::string not_run_reason(const case_id& id);
/// Whether an earlier child recorded a failed case of this variant and form: Catch2 reported
/// it there, and is not to report the variant and form again.
bool failed_in_earlier_child(const std::string& variant, const std::string& form);
/// Records a case's outcome (in the ledger file, else in memory).
void record_case(const case_record& r);
/// The records kept in memory (a run without a parent).
const std::vector<case_record>& recorded_cases();

}  // namespace parprim::conformance
