// The runner's command line (CLI11), and how its overrides change a config.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "support/diagnostics.hpp"

namespace parprim::runner {

/// `runner compare BASE.json NEW.json [--threshold PCT] [--markdown FILE] [--across-devices]`
struct compare_options {
  std::filesystem::path base, fresh;
  bool across_devices = false;              // judge states whose backend ran on different devices
  std::optional<double> threshold_percent;  // exit 1 when a state is slower by more than this
  std::optional<std::filesystem::path> markdown;
};

/// `runner plot RESULTS.json [--out DIR]`, `runner report RESULTS.json [--out FILE.md]`
struct plot_options {
  std::filesystem::path results;
  std::optional<std::filesystem::path> out;
  bool report = false;  // write the Markdown report (out is its file) beside the plots
  bool course = false;  // the course's figure: per operation, time against n
};

/// `runner inputs RESULTS.json --out DIR`
struct inputs_options {
  std::filesystem::path results, out;
};

struct options {
  std::optional<std::filesystem::path> config_path;
  bool list = false;
  bool check = false;  // read the config and the plugins, report its problems, run nothing
  std::vector<std::string> backends, operations, types, sizes, distributions;
  std::vector<std::filesystem::path> plugin_paths;
  std::optional<std::uint64_t> seed;
  bool quick = false;
  std::optional<std::filesystem::path> json, csv, markdown;
  bool no_console = false;
  bool no_progress = false;
  std::optional<std::string> mode, host_mode;  // measurement.mode / host_mode overrides
  bool no_isolation = false;     // load the plugins into the runner itself (for debuggers)
  bool no_sandbox = false;       // workers without the sandbox (isolation.sandbox: off)
  bool require_sandbox = false;  // refuse to run where the kernel lacks a piece of it
  std::optional<std::filesystem::path> resume;  // an earlier run's results JSON
  std::string command_line;
  std::optional<compare_options> compare;
  std::optional<plot_options> plot;
  std::optional<inputs_options> inputs;
};

/// Parses argv. On --help prints the help and returns exit_ok through `exit_now`; on a usage
/// error prints it and returns exit_bad_config.
options parse_command_line(int argc, char** argv, std::optional<int>& exit_now);

/// Applies the command-line overrides to a loaded config; bad names become diagnostics.
void apply_overrides(config& c, const options& o, diagnostics& diag);

}  // namespace parprim::runner
