#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "outputs/printers.hpp"

namespace parprim::runner {

std::string format_time(double seconds) {
  if (seconds >= 1) return fmt::format("{:.3f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
  return fmt::format("{:.2f} us", seconds * 1e6);
}

std::string sample_marks(const table& t, const record& r) {
  std::string marks;
  if (t.mixed_modes) marks += fmt::format(" [{}]", to_string(r.mode));
  if (r.clocks && r.clocks->throttled())
    marks += fmt::format(" THROTTLED {}/{} MHz", r.clocks->sm_mhz_min, r.clocks->max_sm_mhz);
  return marks;
}

std::string read_share(const record& r, std::string_view pattern) {
  if (!r.read_time) return {};
  return fmt::format(fmt::runtime(pattern), r.fraction_of_read() * 100);
}

std::vector<table> make_tables(const std::vector<record>& records) {
  std::vector<table> tables;
  std::map<std::string, std::size_t> index;  // title -> table
  std::vector<std::map<std::string, std::size_t>> columns;
  std::vector<std::map<std::uint64_t, std::size_t>> rows;
  std::vector<std::map<std::pair<std::uint64_t, std::string>, const record*>> cell_of;
  std::vector<std::set<std::string>> noted;

  for (const record& r : records) {
    problem shape = r.task;
    shape.variant.clear();
    const std::string title =
        (r.benchmark == std::string(to_string(r.task.operation)) ? "" : r.benchmark + ": ") +
        shape.describe() + ", " + r.input_text();
    auto [it, fresh] = index.try_emplace(title, tables.size());
    if (fresh) {
      tables.push_back({title, {}, {}, {}, {}});
      columns.emplace_back();
      rows.emplace_back();
      cell_of.emplace_back();
      noted.emplace_back();
    }
    const std::size_t t = it->second;
    if (r.status != record_status::ok) {
      // Failures are all kept; a skip is noted once per column and reason.
      const std::string key = r.label() + "|" + r.reason;
      if (r.status == record_status::failed || noted[t].insert(key).second)
        tables[t].notes.push_back(&r);
    }
    if (r.backend == "-") continue;  // a state skipped for every backend: a note only
    const std::string col = r.label();
    if (!columns[t].count(col)) {
      columns[t][col] = tables[t].columns.size();
      tables[t].columns.push_back(col);
    }
    if (!rows[t].count(r.n)) {
      rows[t][r.n] = tables[t].sizes.size();
      tables[t].sizes.push_back(r.n);
    }
    cell_of[t][{r.n, col}] = &r;
  }
  for (std::size_t t = 0; t < tables.size(); ++t) {
    auto& tb = tables[t];
    std::sort(tb.sizes.begin(), tb.sizes.end());
    std::set<sample_mode> modes;
    for (const auto& [at, r] : cell_of[t])
      if (r->status == record_status::ok) modes.insert(r->mode);
    tb.mixed_modes = modes.size() > 1;
    tb.cells.assign(tb.sizes.size() * tb.columns.size(), nullptr);
    for (std::size_t i = 0; i < tb.sizes.size(); ++i)
      for (std::size_t j = 0; j < tb.columns.size(); ++j)
        if (auto it = cell_of[t].find({tb.sizes[i], tb.columns[j]}); it != cell_of[t].end())
          tb.cells[i * tb.columns.size() + j] = it->second;
  }
  return tables;
}

}  // namespace parprim::runner
