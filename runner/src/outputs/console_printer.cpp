#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "outputs/printers.hpp"

namespace parprim::runner {
namespace {

std::string cell_text(const table& t, const record* r) {
  if (!r) return "";
  if (r->status == record_status::failed) return "FAILED";
  if (r->status == record_status::skipped) return "skipped";
  if (r->timing == PARPRIM_TIMING_OWN_REGION)
    return fmt::format("{} ±{:.0f}% own timer, {} end to end{}", format_time(r->time->median),
                       r->time->noise * 100, format_time(r->call_time->median),
                       sample_marks(t, *r));
  if (r->timing == PARPRIM_TIMING_WHOLE_CALL)
    return fmt::format("{} ±{:.0f}% whole call{}", format_time(r->time->median),
                       r->time->noise * 100, sample_marks(t, *r));
  return fmt::format("{} ±{:.0f}% {:.1f} GB/s {:.0f}%{}{}", format_time(r->time->median),
                     r->time->noise * 100, r->gb_per_second(), r->fraction_of_copy() * 100,
                     read_share(*r, " ({:.0f}% read)"), sample_marks(t, *r));
}

}  // namespace

void print_console(std::ostream& os, const results& res) {
  const auto& c = res.context;
  fmt::print(os, "parprim {} ({}), {} UTC, {} ({} threads)\n", c.parprim_version, c.git_revision,
             c.date, c.cpu_model, c.cpu_threads);
  for (const auto& p : c.plugins) {
    if (p.available)
      fmt::print(os, "  backend {} {}{}\n", p.name, p.version,
                 p.device.empty() ? std::string() : fmt::format(" on {}", p.device));
    else
      fmt::print(os, "  backend {} {}: unavailable, skipped: {}\n", p.name, p.version,
                 p.unavailable_reason);
  }
  fmt::print(os,
             "cells: median time ±relative noise, throughput, % of the backend's copy bandwidth (and of "
             "its read-only pass, for validation)\n"
             "samples: {} on GPUs, {} on CPUs (docs/measurement.md)\n",
             c.device_mode, c.host_mode);
  // Said once per backend and reason, not per state.
  std::set<std::string> said;
  for (const record& r : res.records)
    for (const std::string* note : {&r.mode_note, &r.clocks_note})
      if (!note->empty() && said.insert(r.backend + ": " + *note).second)
        fmt::print(os, "  {}: {}{}\n", r.backend, note == &r.clocks_note ? "clocks not read: " : "",
                   *note);
  if (std::any_of(res.records.begin(), res.records.end(),
                  [](const record& r) { return r.timing == PARPRIM_TIMING_OWN_REGION; }))
    fmt::print(os,
               "  'own timer' cells: the region the plugin's code timed itself (a course "
               "project's timer), then the runner's time of the whole call (allocations and "
               "copies included)\n");
  // Why a backend's states were timed as whole calls: said once per backend and reason.
  for (const record& r : res.records)
    if (r.timing == PARPRIM_TIMING_WHOLE_CALL &&
        said.insert(r.backend + " whole call: " + r.timing_note).second)
      fmt::print(os,
                 "  'whole call' cells of {}: no region of its own was timed ({}), so each "
                 "sample is the runner's time of the whole call\n",
                 r.backend, r.timing_note);

  for (const table& t : make_tables(res.records)) {
    fmt::print(os, "\n== {}\n", t.title);
    std::vector<std::size_t> width(t.columns.size());
    for (std::size_t j = 0; j < t.columns.size(); ++j) {
      width[j] = t.columns[j].size();
      for (std::size_t i = 0; i < t.sizes.size(); ++i)
        width[j] = std::max(width[j], cell_text(t, t.at(i, j)).size());
    }
    if (!t.columns.empty()) {
      fmt::print(os, "{:>12}", "n");
      for (std::size_t j = 0; j < t.columns.size(); ++j)
        fmt::print(os, " | {:<{}}", t.columns[j], width[j]);
      fmt::print(os, "\n");
      for (std::size_t i = 0; i < t.sizes.size(); ++i) {
        fmt::print(os, "{:>12}", t.sizes[i]);
        for (std::size_t j = 0; j < t.columns.size(); ++j)
          fmt::print(os, " | {:<{}}", cell_text(t, t.at(i, j)), width[j]);
        fmt::print(os, "\n");
      }
    }
    for (const record* r : t.notes) {
      if (r->status == record_status::failed)
        fmt::print(os, "  FAILED {} n={} seed={}: {}\n", r->label(), r->n, r->seed, r->reason);
      else
        fmt::print(os, "  skipped {}: {}\n",
                   r->backend == "-" ? std::string("(every backend)") : r->label(), r->reason);
    }
  }
  if (!res.diagnostics.empty()) {
    fmt::print(os, "\nproblems:\n");
    for (const auto& d : res.diagnostics) fmt::print(os, "  {}\n", d.message);
  }
  const auto count = [&](record_status s) {
    return std::count_if(res.records.begin(), res.records.end(),
                         [&](const record& r) { return r.status == s; });
  };
  fmt::print(os, "\n{} valid, {} failed, {} skipped; exit status {}\n", count(record_status::ok),
             count(record_status::failed), count(record_status::skipped), res.exit_code);
}

}  // namespace parprim::runner
