#include "list_printer.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace parprim::runner {
namespace {

std::string dtype_list(std::uint32_t mask) {
  std::string s;
  for (auto t : all_dtypes)
    if (mask & PARPRIM_DTYPE_BIT(t)) s += (s.empty() ? "" : ",") + std::string(to_string(t));
  return s;
}

std::string form_list(const parprim_variant_info& v) {
  const std::pair<std::uint32_t, const char*> flags[] = {
      {PARPRIM_CAP_SCAN_EXCLUSIVE, "exclusive"}, {PARPRIM_CAP_SCAN_INCLUSIVE, "inclusive"},
      {PARPRIM_CAP_COMPACT_NONZERO, "nonzero"},  {PARPRIM_CAP_COMPACT_GREATER_THAN, "greater_than"},
      {PARPRIM_CAP_SORT_KEYS, "keys"},           {PARPRIM_CAP_SORT_PAIRS, "pairs"},
      {PARPRIM_CAP_SORT_ASCENDING, "ascending"}, {PARPRIM_CAP_SORT_DESCENDING, "descending"}};
  std::string s;
  for (const auto& [bit, name] : flags)
    if (v.flags & bit) s += (s.empty() ? "" : ",") + std::string(name);
  return s;
}

}  // namespace

void print_plugin_list(std::ostream& os, const plugin_registry& registry) {
  fmt::print(os, "plugin folders, searched in this order:\n");
  for (const auto& [folder, origin] : registry.folders)
    fmt::print(os, "  {} ({})\n", folder.string(), origin);
  for (const auto& fp : registry.plugins) {
    const auto& d = *fp.plugin->descriptor;
    fmt::print(os, "\n{} {} (ABI {}) from {} [{}]\n  {}\n", d.name, d.version, d.abi_version,
               fp.plugin->path.string(), fp.origin, d.description ? d.description : "");
    if (fp.plugin->available()) {
      const char* dev = d.device_description();
      fmt::print(os, "  available{}\n", dev ? std::string(": ") + dev : "");
    } else {
      fmt::print(os, "  unavailable: {}\n", *fp.plugin->unavailable_reason);
    }
    for (std::uint32_t i = 0; i < d.variant_count; ++i) {
      const auto& v = d.variants[i];
      fmt::print(os, "  {:<8} {:<20} types {:<24} forms {}\n",
                 to_string(static_cast<parprim_operation>(v.operation)), v.name,
                 dtype_list(v.dtypes), form_list(v));
      for (std::uint32_t k = 0; k < v.param_count; ++k) {
        const auto& p = v.params[k];
        std::string allowed;
        for (std::uint32_t a = 0; a < p.allowed_count; ++a)
          allowed += (a ? "," : "") + std::to_string(p.allowed[a]);
        fmt::print(os, "  {:<8} {:<20} param {} = {} ({}; allowed: {})\n", "", "", p.name,
                   p.default_value, p.description ? p.description : "",
                   allowed.empty() ? "any positive" : allowed);
      }
    }
  }
  if (registry.plugins.empty()) fmt::print(os, "\nno plugins found\n");
  for (const auto& problem : registry.problems) fmt::print(os, "\nproblem: {}\n", problem.message);
}

}  // namespace parprim::runner
