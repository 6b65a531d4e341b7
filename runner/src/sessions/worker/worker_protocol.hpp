// What the runner and a worker process say to each other, as JSON messages over two pipes
// (docs/isolation.md):
//   worker -> runner  {"type": "hello", "summary": {...}, "sandbox": ...}   the plugin loaded
//                     {"type": "load_error", "message": ..., "sandbox": ...} it did not
// ("sandbox": the sandbox the worker entered before loading the plugin, as records say it)
//   runner -> worker  {"type": "run", "record": {...}, "layout": {...}}
//   worker -> runner  {"type": "record", "record": {...}, "retire": bool}
// The runner closes its end to let a worker go. A worker that answers a failed record (or lost
// its device) retires after answering, so the next state gets a fresh process.
//
// The plugin shares the worker's descriptors, so the runner reads every message as untrusted:
// a reply that is not one of the messages above is that state's failure, named, never an
// exception in the runner. Strings a plugin gave (its error messages, names) may hold any
// bytes: they are written with json_text(), which replaces what is not UTF-8.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "config/config.hpp"
#include "parprim/plugin_summary.hpp"
#include "records/record.hpp"

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

/// A worker's first message: the plugin's summary, or why it could not be loaded.
struct hello_reply {
  std::optional<plugin_summary> summary;
  std::string load_error;  // the worker's message when it could not load the plugin
  std::string sandbox;     // "on (Landlock ABI 7, seccomp)", "off"
};
/// A worker's answer to a run request.
struct run_reply {
  record done;
  bool retire = false;
};

/// Read a worker's message; std::nullopt when `text` is not that message, with `why` saying
/// what is wrong with it (printable, short).
std::optional<hello_reply> read_hello(const std::string& text, std::string& why);
std::optional<run_reply> read_run_reply(const std::string& text, std::string& why);

}  // namespace parprim::runner::worker
