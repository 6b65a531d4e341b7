// One backend as the sweep sees it: what it declares, and a way to validate and time one
// record of a state. In a worker process (the default) or in the runner's own process
// (--no-isolation, for debuggers): the sweep does not know which (docs/isolation.md).
#pragma once

#include <memory>

#include "config/config.hpp"
#include "measurement/state_arena.hpp"
#include "parprim/plugin_summary.hpp"
#include "records/record.hpp"

namespace parprim::runner {

class backend_session {
 public:
  virtual ~backend_session() = default;
  virtual const plugin_summary& summary() const = 0;
  /// The backend's name in its records: the plugin's, or that with a suffix where one run
  /// measures the plugin several ways (isolation mode `both`: ":second-worker", ":in-process").
  virtual const std::string& backend_name() const { return summary().name; }
  /// Validates and times the record `r` names on the state in `arena`, answering within
  /// `timeout_s` seconds where the session can enforce it; a fault of the plugin becomes a
  /// failed record with its reason.
  virtual record run(record r, const state_arena& arena, double timeout_s) = 0;
};

/// The plugin loaded in this process. A sticky device error fails every later record of it.
/// `marked`: its records are named "NAME:in-process" (beside a worker session of the same plugin).
std::unique_ptr<backend_session> make_in_process_session(const plugin_summary& summary,
                                                         const measurement_settings& settings,
                                                         bool marked = false);

/// The suffixes of the backend names of isolation mode `both`: each state is measured in a worker,
/// again in a second, fresh worker (the control: how far two measurements of the same thing,
/// one after the other, differ on this host), then in the runner's own process.
inline constexpr const char* second_worker_suffix = ":second-worker";
inline constexpr const char* in_process_suffix = ":in-process";
/// The suffix of sandbox mode `compare`: each state in a sandboxed worker, then in one without.
inline constexpr const char* unsandboxed_suffix = ":unsandboxed";

}  // namespace parprim::runner
