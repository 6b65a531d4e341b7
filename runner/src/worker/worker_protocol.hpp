// What the runner and a worker process say to each other, as JSON messages over two pipes
// (docs/isolation.md):
//   worker -> runner  {"type": "hello", "summary": {...}}   the plugin loaded
//                     {"type": "load_error", "message": ...} it did not
//   runner -> worker  {"type": "run", "record": {...}, "layout": {...}}
//   worker -> runner  {"type": "record", "record": {...}, "retire": bool}
// The runner closes its end to let a worker go. A worker that answers a failed record (or lost
// its device) retires after answering, so the next state gets a fresh process.
#pragma once

#include <nlohmann/json.hpp>

#include "config.hpp"
#include "parprim/plugin_summary.hpp"

namespace parprim::runner::worker {

/// The descriptors a worker finds open (the runner puts them there).
inline constexpr int request_fd = 3;
inline constexpr int reply_fd = 4;
inline constexpr int shared_region_fd = 5;

/// The runner's hidden command line for a worker: `runner --worker PLUGIN SETTINGS_JSON`.
inline constexpr const char* worker_flag = "--worker";

nlohmann::json to_json(const plugin_summary& s);
plugin_summary summary_from_json(const nlohmann::json& j);

nlohmann::json to_json(const measurement_settings& s);
measurement_settings settings_from_json(const nlohmann::json& j);

}  // namespace parprim::runner::worker
