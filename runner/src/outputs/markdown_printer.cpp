#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "outputs/printers.hpp"

namespace parprim::runner {
namespace {
std::string cell(const table& t, const record* r) {
  if (!r) return "";
  if (r->status == record_status::failed) return "**FAILED**";
  if (r->status == record_status::skipped) return "skipped";
  const std::string marks = sample_marks(t, *r);
  if (r->timing == PARPRIM_TIMING_OWN_REGION)
    return fmt::format("{} ±{:.0f}% *own timer*{}<br>{} end to end", format_time(r->time->median),
                       r->time->noise * 100, marks, format_time(r->call_time->median));
  if (r->timing == PARPRIM_TIMING_WHOLE_CALL)
    return fmt::format("{} ±{:.0f}% *whole call*{}", format_time(r->time->median),
                       r->time->noise * 100, marks);
  // A GPU's host wall time (launch cost included) beside its GPU time.
  const std::string host = r->launches_queued && r->host_time
                               ? fmt::format("<br>host {}", format_time(r->host_time->median))
                               : "";
  return fmt::format("{} ±{:.0f}%{}<br>{:.1f} GB/s, {:.0f}% copy{}{}", format_time(r->time->median),
                     r->time->noise * 100, marks, r->gb_per_second(), r->fraction_of_copy() * 100,
                     read_share(*r, ", {:.0f}% read"), host);
}
}  // namespace

std::string to_markdown(const results& res) {
  std::ostringstream os;
  const auto& c = res.context;
  fmt::print(os, "# parprim results\n\n");
  fmt::print(os, "- date: {} (UTC)\n- host: {} ({}), {} threads, {:.0f} GiB\n- cpu: {}\n- os: {}\n",
             c.date, c.host, c.cpu_model, c.cpu_threads, c.memory_gib, c.cpu_microarchitecture,
             c.os);
  fmt::print(os, "- build: parprim {} ({}), {}, {}\n- command: `{}`\n", c.parprim_version,
             c.git_revision, c.build_type, c.compiler, c.command_line);
  for (const auto& p : c.plugins)
    fmt::print(os, "- backend `{}` {}: {}\n", p.name, p.version,
               p.available ? (p.device.empty() ? std::string("available") : p.device)
                           : "unavailable: " + p.unavailable_reason);
  fmt::print(os,
             "\nEach cell: median device-resident time ± relative noise; throughput by the "
             "operation's byte model; that throughput as a share of the same backend's copy "
             "bandwidth measured in this run (for an operation that only reads, UTF-8 "
             "validation, its share of the backend's read-only pass as well: *% read*). Cells "
             "marked *own timer*: the region the plugin's "
             "code timed itself (a course project's timer around its kernels), then the "
             "runner's time of the whole call, allocations and copies included; *whole call*: "
             "the code timed no region of its own (the record's timing_note says why), so the "
             "sample is that whole call. Samples are "
             "cold on GPUs (caches flushed, launches queued behind a stream hold; *host*: the "
             "host's wall time of the same sample, launch cost included) and hot on CPUs unless "
             "the config says otherwise; a table that mixes modes names each cell's, and "
             "THROTTLED marks a state whose SM clock fell below 90% of its maximum "
             "(docs/measurement.md).\n");
  for (const table& t : make_tables(res.records)) {
    fmt::print(os, "\n## {}\n\n", t.title);
    if (!t.columns.empty()) {
      fmt::print(os, "| n |");
      for (const auto& col : t.columns) fmt::print(os, " {} |", col);
      fmt::print(os, "\n|---:|");
      for (std::size_t j = 0; j < t.columns.size(); ++j) fmt::print(os, "---|");
      fmt::print(os, "\n");
      for (std::size_t i = 0; i < t.sizes.size(); ++i) {
        fmt::print(os, "| {} |", t.sizes[i]);
        for (std::size_t j = 0; j < t.columns.size(); ++j)
          fmt::print(os, " {} |", cell(t, t.at(i, j)));
        fmt::print(os, "\n");
      }
    }
    for (const record* r : t.notes)
      fmt::print(
          os, "\n- {} `{}`{}: {}", r->status == record_status::failed ? "FAILED" : "skipped",
          r->backend == "-" ? std::string("every backend") : r->label(),
          r->status == record_status::failed ? fmt::format(" n={} seed={}", r->n, r->seed) : "",
          r->reason);
    if (!t.notes.empty()) fmt::print(os, "\n");
  }
  if (!res.diagnostics.empty()) {
    fmt::print(os, "\n## Problems\n\n");
    for (const auto& d : res.diagnostics) fmt::print(os, "- {}\n", d.message);
  }
  return os.str();
}

void write_markdown(const std::filesystem::path& path, const results& r) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path.string() + ": cannot write Markdown results");
  f << to_markdown(r);
}

}  // namespace parprim::runner
