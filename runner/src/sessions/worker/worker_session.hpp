// The runner's side of a worker process: the backend_session that runs a plugin's records in
// a child, with a watchdog, and turns a crash, an exit or a hang into that record's failure
// with a reason a person understands (docs/isolation.md).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parprim/isolation/child_process.hpp"
#include "sessions/backend_session.hpp"

namespace parprim::runner::worker {

/// How workers are started: the runner's own executable, the settings every worker measures
/// with, the region that holds the inputs, and how long a plugin may take to load.
struct launch_settings {
  std::filesystem::path executable;
  measurement_settings measurement;
  int shared_region_fd = -1;
  double load_timeout_s = 60;
  // The sandbox of each worker (docs/isolation.md): whether there is one, which plugins' may
  // use the network, and its CPU time limit (a worker that has used half of it is retired
  // after its state, so that an honest one never meets it midway).
  bool sandboxed = false;
  std::vector<std::string> network_plugins;
  double cpu_time_s = 3600;
};

/// What a plugin declares, learnt by loading it in a worker; or why it could not be loaded
/// ("cannot load: the library aborted while loading").
struct probe_result {
  std::optional<plugin_summary> summary;
  std::string error;
  std::string sandbox;  // the worker's sandbox, as it said
};
probe_result probe_plugin(const std::filesystem::path& path, const launch_settings& launch);

/// `name_suffix` is appended to the plugin's name in its records (isolation mode `both`).
std::unique_ptr<backend_session> make_worker_session(const plugin_summary& summary,
                                                     const launch_settings& launch,
                                                     const std::string& name_suffix = "");

/// The reason of a record whose worker ended while running it: "crashed: signal 11
/// (SIGSEGV)", "aborted (SIGABRT)", "the plugin called exit(1)".
std::string fault_reason(const isolation::termination& t);

/// The reason of a state whose worker sent a frame longer than any message (`header`: the
/// length field's bytes as read).
std::string malformed_frame(const std::string& header);

}  // namespace parprim::runner::worker
