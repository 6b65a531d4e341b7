// Printers only format records: the console table, JSON (canonical), CSV and Markdown.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "outputs/context.hpp"
#include "records/record.hpp"
#include "support/diagnostics.hpp"

namespace parprim::runner {

inline constexpr int results_schema_version = 1;

struct results {
  run_context context;
  std::vector<record> records;
  std::vector<diagnostic> diagnostics;
  int exit_code = 0;
  bool complete = true;  // false while the sweep runs, or when it was stopped before its end
};

/// Records grouped the way the tables show them: one table per benchmark, form, element type
/// and input distribution, one row per size, one column per backend/variant.
struct table {
  std::string title;  // "scan exclusive i32, uniform"
  std::vector<std::string> columns;
  std::vector<std::uint64_t> sizes;
  std::vector<const record*> cells;  // sizes.size() x columns.size(), row-major; may be null
  std::vector<const record*> notes;  // failed and skipped records, deduplicated by reason
  bool mixed_modes = false;          // its figures were taken in more than one sample mode
  const record* at(std::size_t row, std::size_t col) const {
    return cells[row * columns.size() + col];
  }
};
std::vector<table> make_tables(const std::vector<record>& records);

/// "1.234 ms", "12.0 us", "2.50 s".
std::string format_time(double seconds);

/// What a cell says beside its figures about how they were taken: its sample mode where the
/// table mixes modes (" [hot]"), and a clock that fell during sampling
/// (" THROTTLED 1410/1980 MHz"). Empty when there is nothing to say.
std::string sample_marks(const table& t, const record& r);

/// An operation that only reads, beside its share of the copy: its share of the read-only pass,
/// `pattern` formatting the percentage (" ({:.0f}% read)"). Empty without a read baseline.
std::string read_share(const record& r, std::string_view pattern);

void print_console(std::ostream& os, const results& r);
nlohmann::json to_json(const results& r);
void write_json(const std::filesystem::path& path, const results& r);
void write_csv(const std::filesystem::path& path, const results& r);
void write_markdown(const std::filesystem::path& path, const results& r);
std::string to_markdown(const results& r);

}  // namespace parprim::runner
