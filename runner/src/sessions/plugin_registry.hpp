// Finds and loads the plugins a run uses: the --plugin-path folders, the config's plugin
// folders, then PARPRIM_PLUGIN_PATH, then the folder installed beside the runner. The first plugin
// of a name wins; a later one with the same name is reported, never silently dropped.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "parprim/plugin_summary.hpp"
#include "support/diagnostics.hpp"

namespace parprim::runner {

struct found_plugin {
  plugin_summary summary;
  std::string origin;  // "--plugin-path", "config", "PARPRIM_PLUGIN_PATH" or "default"
};

/// Loads one plugin file and says what it declares; throws load_error (with the file and the
/// cause) when it cannot. In a worker process by default, so that a library that crashes or
/// hangs while loading is reported, not fatal.
using plugin_prober = std::function<plugin_summary(const std::filesystem::path&)>;

/// The prober that loads plugins into this process (--no-isolation).
plugin_summary probe_in_process(const std::filesystem::path& file);

struct plugin_registry {
  std::vector<std::pair<std::filesystem::path, std::string>> folders;  // folder, origin
  std::vector<found_plugin> plugins;  // every plugin loaded, available or not
  // A plugin folder that was named but does not exist (exit_bad_config); files that failed to
  // load and plugins shadowed by an earlier one of the same name (warnings, exit_ok).
  std::vector<diagnostic> problems;

  const found_plugin* find(const std::string& name) const;
};

plugin_registry discover_plugins(const std::vector<std::filesystem::path>& command_line_folders,
                                 const std::vector<std::filesystem::path>& config_folders,
                                 const plugin_prober& probe);

/// The backends a run uses: every plugin found, or those named. A named one that is not found
/// or not available is a diagnostic with exit_backend_not_loaded; the others still run, and an
/// unavailable backend stays in the list so that its states are recorded as skipped.
std::vector<plugin_summary> select_backends(const plugin_registry& registry,
                                            const std::vector<std::string>& names,
                                            diagnostics& diag);

}  // namespace parprim::runner
