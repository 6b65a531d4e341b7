// Where results reach the disk while a sweep runs, so that nothing finished is lost to a
// crash of the runner, Ctrl-C, SIGKILL or a lost machine (docs/isolation.md):
//   - every record is appended to a JSON Lines log beside the JSON (results.json ->
//     results.jsonl) the moment it is made;
//   - the JSON, CSV and Markdown outputs are rewritten atomically (a temporary file renamed
//     over the old one), after each benchmark, every few seconds between, and at the end, so
//     the JSON on disk is always a whole, valid file ("complete": false until the end).
// `runner CONFIG --resume results.json` reads the log (or, without one, the JSON's records) and
// runs only the states not recorded there.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>

#include "config/config.hpp"
#include "outputs/printers.hpp"
#include "sweep/sweep.hpp"

namespace parprim::runner {

/// results.json -> results.jsonl
std::filesystem::path record_log_path(const std::filesystem::path& json);

/// The records of an earlier run of the sweep whose JSON is `results_json`; problems (no such
/// file, a malformed record) are diagnostics naming the file and line.
std::optional<prior_records> read_prior_records(const std::filesystem::path& results_json,
                                                diagnostics& diag);

class results_store {
 public:
  /// Starts the log (when a JSON output is configured) with the records carried over from an
  /// earlier run.
  results_store(const output_settings& outputs, const prior_records& prior, diagnostics& diag);

  /// Appends one record to the log and flushes it.
  void append(const record& r);
  /// Whether 2 s have passed since the outputs were last written (checked before a snapshot of
  /// the results is made, so a state that writes nothing copies nothing).
  bool due() const;
  /// Rewrites the outputs.
  void write_outputs(const results& res, diagnostics& diag);

 private:
  const output_settings& outputs_;
  std::ofstream log_;
  std::chrono::steady_clock::time_point last_write_{};
};

}  // namespace parprim::runner
