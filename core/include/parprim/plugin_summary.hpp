// What a plugin declares about itself (name, versions, memory domain, availability, variants and
// their parameters) as plain C++ values: the variants in the very form a plugin author writes
// them (plugin.hpp's `variant` and `param`). The runner decides what to run from this alone, so
// that it can learn it from a plugin loaded in a worker process without loading the plugin
// itself (docs/isolation.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "parprim/loader.hpp"
#include "parprim/plugin.hpp"
#include "parprim/problem.hpp"

namespace parprim {

struct plugin_summary {
  std::filesystem::path path;
  std::string name;
  std::string version;
  std::string description;
  std::uint32_t abi_version = 0;
  std::uint32_t struct_size = 0;
  parprim_memory_domain domain = PARPRIM_DOMAIN_HOST;
  // How its times are read; RESIDENT for plugins built before the field existed.
  parprim_timing_basis timing = PARPRIM_TIMING_RESIDENT;
  std::optional<std::string> unavailable_reason;  // set when the plugin cannot run here
  std::string device;                             // its device description, if any
  std::vector<variant> variants;

  bool available() const { return !unavailable_reason.has_value(); }
  /// The declared variants of one operation, in declaration order.
  std::vector<const variant*> variants_of(parprim_operation op) const;
  /// Empty when the plugin declares `p` (its variant, element type and form); else why not.
  std::string unsupported_reason(const problem& p) const;
  /// Whether any variant declares the tunable parameter `param`.
  bool declares(const std::string& param) const;
};

/// The summary of a plugin loaded in this process (its device description is asked only when
/// it is available).
plugin_summary summarize(const loaded_plugin& plugin);

}  // namespace parprim
