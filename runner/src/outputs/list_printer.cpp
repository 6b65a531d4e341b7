#include "outputs/list_printer.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace parprim::runner {
namespace {

/// The element types a variant takes: its declared ones, or for a UTF-8 operation the one type
/// it reads (its `dtypes` mask is not read: plugin.hpp, variant::offers).
std::string dtype_list(const variant& v) {
  if (is_utf8(v.operation)) return std::string(to_string(utf8_input_dtype(v.operation)));
  const std::uint32_t mask = v.dtypes;
  std::string s;
  for (auto t : all_dtypes)
    if (mask & PARPRIM_DTYPE_BIT(t)) s += (s.empty() ? "" : ",") + std::string(to_string(t));
  return s;
}

std::string form_list(const variant& v) {
  const std::pair<std::uint32_t, const char*> flags[] = {
      {PARPRIM_CAP_SCAN_EXCLUSIVE, "exclusive"}, {PARPRIM_CAP_SCAN_INCLUSIVE, "inclusive"},
      {PARPRIM_CAP_COMPACT_NONZERO, "nonzero"},  {PARPRIM_CAP_COMPACT_GREATER_THAN, "greater_than"},
      {PARPRIM_CAP_SORT_KEYS, "keys"},           {PARPRIM_CAP_SORT_PAIRS, "pairs"},
      {PARPRIM_CAP_SORT_ASCENDING, "ascending"}, {PARPRIM_CAP_SORT_DESCENDING, "descending"},
      {PARPRIM_CAP_SORT_NONNEGATIVE_KEYS, "keys>=0 only"}, {PARPRIM_CAP_UTF8_REPLACE, "replace"},
      {PARPRIM_CAP_UTF8_VALIDATE, "validate"}};
  std::string s;
  for (const auto& [bit, name] : flags)
    if (v.flags & bit) s += (s.empty() ? "" : ",") + std::string(name);
  return s;
}

std::string timing_text(parprim_timing_basis t) {
  return t == PARPRIM_TIMING_OWN_REGION
             ? "its own timer's region inside each call (the runner also times the whole call)"
             : "the runner's timer around each call, on buffers already in its memory domain";
}

}  // namespace

void print_plugin_list(std::ostream& os, const plugin_registry& registry) {
  fmt::print(os, "plugin folders, searched in this order:\n");
  for (const auto& [folder, origin] : registry.folders)
    fmt::print(os, "  {} ({})\n", folder.string(), origin);
  for (const auto& fp : registry.plugins) {
    const plugin_summary& d = fp.summary;
    // A description of several lines (a course plugin's skipped functions) stays indented.
    std::string description = d.description;
    for (std::size_t at = description.find('\n'); at != std::string::npos;
         at = description.find('\n', at + 3))
      description.replace(at, 1, "\n  ");
    fmt::print(os, "\n{} {} (ABI {}) from {} [{}]\n  {}\n", d.name, d.version, d.abi_version,
               d.path.string(), fp.origin, description);
    fmt::print(os, "  memory domain: {}; timing: {}\n",
               d.domain == PARPRIM_DOMAIN_HOST ? "host" : "device", timing_text(d.timing));
    if (d.available())
      fmt::print(os, "  available{}\n", d.device.empty() ? "" : ": " + d.device);
    else
      fmt::print(os, "  unavailable: {}\n", *d.unavailable_reason);
    for (const auto& v : d.variants) {
      fmt::print(os, "  {:<8} {:<20} types {:<24} forms {}\n", to_string(v.operation), v.name,
                 dtype_list(v), form_list(v));
      // Where each variant is timed its own way (a course plugin's: its namespace's timer or
      // the whole call), its description says which, and where it comes from.
      if (d.timing == PARPRIM_TIMING_OWN_REGION && !v.description.empty())
        fmt::print(os, "  {:<8} {:<20} {}\n", "", "", v.description);
      for (const auto& p : v.params) {
        fmt::print(os, "  {:<8} {:<20} param {} = {} ({}; allowed: {})\n", "", "", p.name,
                   p.default_value, p.description, p.allowed_text());
      }
    }
  }
  if (registry.plugins.empty()) fmt::print(os, "\nno plugins found\n");
  for (const auto& problem : registry.problems) fmt::print(os, "\nproblem: {}\n", problem.message);
}

}  // namespace parprim::runner
