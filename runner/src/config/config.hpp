// The runner's configuration: the YAML schema of docs/config.md as plain structs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/sample_mode.hpp"
#include "parprim/generators.hpp"
#include "parprim/problem.hpp"
#include "support/diagnostics.hpp"

namespace parprim::runner {

struct measurement_settings {
  int warmup = 1;              // untimed runs after the validation run
  int min_samples = 5;         // never stop before this many samples...
  int max_samples = 200;       // ...nor go beyond this many
  double min_time = 0.05;      // seconds of timed samples before stopping is considered
  double max_time = 1.0;       // seconds of wall time per backend and state, at most
  double max_noise = 0.05;     // stop once the relative noise (stdev/mean) is at most this
  bool end_to_end = true;      // also time upload + run + download
  int end_to_end_samples = 3;  // samples of the end-to-end time
  // How samples are taken (sample_mode.hpp): GPU (device-domain) plugins cold by default, CPU
  // (host-domain) ones hot unless configured, since flushing a CPU's caches costs milliseconds.
  sample_mode device_mode = sample_mode::cold;
  sample_mode host_mode = sample_mode::hot;
  int batch_runs = 32;  // runs per sample in batch mode
  sample_mode mode_for(parprim_memory_domain domain) const {
    return domain == PARPRIM_DOMAIN_HOST ? host_mode : device_mode;
  }
};

/// How backends are kept apart from the runner and each other (docs/isolation.md).
struct isolation_settings {
  // process: a worker per backend; none: in the runner's process (--no-isolation); both: each
  // backend in a worker, in a second worker (the control) and in the runner's process, one
  // after the other, to show that the two ways measure alike (records named
  // "BACKEND:second-worker" and "BACKEND:in-process").
  enum class mode { process, none, both };
  mode how = mode::process;
  bool workers() const { return how != mode::none; }
  bool in_process() const { return how != mode::process; }
  double timeout_s = 60;                 // the watchdog of one state: this much...
  double timeout_ns_per_element = 1000;  // ...plus this much per element
  double timeout_for(std::uint64_t n) const {
    return timeout_s + timeout_ns_per_element * 1e-9 * double(n);
  }
  // The sandbox around each worker (docs/isolation.md, "The sandbox"). on: every worker;
  // off: none (a trusted plugin that needs more, --no-sandbox); compare: each backend in a
  // sandboxed worker and, right after, in one without (records "BACKEND:unsandboxed"), to show
  // that the sandbox changes no figure.
  enum class sandbox_mode { on, off, compare };
  sandbox_mode sandbox = sandbox_mode::on;
  bool require_sandbox = false;  // refuse to run where the kernel lacks Landlock or seccomp
  // Plugins (by name) whose workers may use the network: NCCL bootstraps its communicators
  // over TCP sockets even within one process.
  std::vector<std::string> network = {"nccl"};
  double cpu_time_s = 3600;  // RLIMIT_CPU of each worker, all its threads together
};

struct output_settings {
  std::optional<std::filesystem::path> json, csv, markdown;
  bool console = true;
};

/// One form of an operation (a scan kind, a predicate, a sort payload and order), independent
/// of the element type; the threshold becomes a value of the element type in for_type().
struct operation_form {
  problem shape;
  double threshold = 0;

  /// The problem for one element type (a UTF-8 operation's is the type it reads).
  problem for_type(parprim_dtype dtype) const {
    problem p = shape;
    p.dtype = dtype;
    if (p.operation == PARPRIM_OP_COMPACT && p.predicate == PARPRIM_PRED_GREATER_THAN)
      p.set_threshold(threshold);
    return p;
  }
};

/// One entry of `benchmarks:`: the axes whose cartesian product is swept.
struct benchmark_config {
  std::string name;
  parprim_operation operation = PARPRIM_OP_SCAN;
  std::vector<operation_form> forms;
  std::vector<parprim_dtype> types;
  std::vector<std::uint64_t> sizes;
  std::vector<distribution> distributions;
  std::vector<double> error_rates = {0};    // `errors:`, the UTF-8 operations' text inputs only
  std::vector<std::string> variants;        // empty: every variant of every backend
  std::vector<std::string> variant_places;  // "file:line:column" of each name, for messages
  std::map<std::string, std::vector<std::int64_t>> params;  // tunable axes
};

struct config {
  std::filesystem::path source;  // the YAML file, for messages
  std::vector<std::filesystem::path> plugin_paths;
  std::vector<std::string> backends;  // empty: every plugin found
  std::uint64_t seed = 20261121;
  measurement_settings measurement;
  isolation_settings isolation;
  output_settings outputs;
  std::vector<benchmark_config> benchmarks;
};

/// Reads a config. Problems that leave nothing to run (missing file, malformed YAML, empty
/// file) come back with no config; smaller ones (an unknown key, a bad size, an unknown type
/// name) are reported and the offending item left out, so the rest still runs.
std::optional<config> load_config(const std::filesystem::path& path, diagnostics& diag);
std::optional<config> parse_config(const std::string& yaml_text,
                                   const std::filesystem::path& source, diagnostics& diag);

/// An element type of scan, compact and sort by name; nothing for bytes ("u8"), which are the
/// UTF-8 operations' own type and never one to ask for.
std::optional<parprim_dtype> parse_element_type(const std::string& name);

/// Parses one size: "0", "1048576", "2^20", "2^20-3", "2^20+1". Nothing for anything else or
/// below 0.
std::optional<std::uint64_t> parse_size(const std::string& text);

}  // namespace parprim::runner
