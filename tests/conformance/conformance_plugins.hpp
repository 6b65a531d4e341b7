// Which plugins the conformance suite holds to the contract.
#pragma once

#include <string>
#include <vector>

#include "parprim/plugin_client.hpp"

namespace parprim::conformance {

struct plugin_set {
  std::vector<plugin_client> available;
  std::vector<std::string> unavailable;  // "name (file): reason"
  std::vector<std::string> load_errors;  // one line each
};

/// The plugins in PARPRIM_CONFORMANCE_PLUGINS (a ':'-separated list of plugin files or folders)
/// when it is set, else those in the build's plugin folder. Loaded once per process.
const plugin_set& plugins_under_test();

}  // namespace parprim::conformance
