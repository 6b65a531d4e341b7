// Which plugins the conformance suite holds to the contract.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "parprim/plugin_client.hpp"

namespace parprim::conformance {

struct plugin_set {
  std::vector<plugin_client> available;
  std::vector<std::string> unavailable;  // "name (file): reason"
  std::vector<std::string> load_errors;  // one line each
};

/// Names the plugins to test, a ':'-separated list of plugin files or folders (the --plugins
/// option). Call before plugins_under_test().
void request_plugins(const std::string& list);

/// The plugin files named by request_plugins(), else PARPRIM_CONFORMANCE_PLUGINS, else the
/// plugin folder beside the executable, folders expanded.
std::vector<std::filesystem::path> requested_plugin_files();

/// The plugins named by request_plugins(), else by PARPRIM_CONFORMANCE_PLUGINS (the same form),
/// else those in the plugin folder beside the executable (bin/../lib/parprim: the build's or the
/// installation's own). Loaded once per process.
const plugin_set& plugins_under_test();

}  // namespace parprim::conformance
