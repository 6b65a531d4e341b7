// The plain result of one (state, backend, variant): what every printer formats.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/sample_mode.hpp"
#include "parprim/generators.hpp"
#include "parprim/problem.hpp"

namespace parprim::runner {

/// Summary of the timed samples of one measurement, in seconds.
struct sample_stats {
  double median = 0, min = 0, max = 0, mean = 0;
  double noise = 0;  // relative standard deviation (stdev / mean)
  int samples = 0;
  double total = 0;  // sum of the sample times
};

/// The device's clocks as read after each sample of a state (docs/measurement.md).
struct clock_range {
  std::uint32_t sm_mhz_min = 0, sm_mhz_max = 0;
  std::uint32_t memory_mhz_min = 0, memory_mhz_max = 0;
  std::uint32_t max_sm_mhz = 0, max_memory_mhz = 0;  // the device's maxima
  std::uint64_t throttle_reasons = 0;                // every reason seen, or-ed
  int readings = 0;

  /// The SM clock fell below 90% of its maximum during sampling.
  bool throttled() const { return readings > 0 && sm_mhz_min < 0.9 * double(max_sm_mhz); }
};

enum class record_status { ok, failed, skipped };

inline const char* to_string(record_status s) {
  switch (s) {
    case record_status::ok:
      return "ok";
    case record_status::failed:
      return "failed";
    case record_status::skipped:
      return "skipped";
  }
  return "?";
}

/// An input as tables, keys and messages name it: "uniform", "cjk", "cjk errors=0.01" (a text
/// input's error rate as written in a config, when it is not 0).
inline std::string input_text(std::string_view distribution_name, double error_rate) {
  std::string s(distribution_name);
  if (error_rate != 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " errors=%g", error_rate);
    s += buf;
  }
  return s;
}

struct record {
  // What was run.
  std::string benchmark;
  problem task;  // operation, form, element type, variant and the parameters given
  std::uint64_t n = 0;
  distribution input = distribution::uniform;
  double error_rate = 0;  // text inputs: the share of characters made ill-formed
  std::uint64_t seed = 0;
  std::string backend;
  std::string backend_version;

  // What came of it.
  record_status status = record_status::ok;
  std::string reason;                         // why skipped or failed
  std::optional<std::string> first_mismatch;  // "element 7: expected 12, actual 13"
  // What a worker printed last before it crashed, exited or was stopped (its tail).
  std::optional<std::string> worker_output;
  // The sandbox its worker ran in ("on (Landlock ABI 7, seccomp)", "off (--no-sandbox)") and
  // what it refused the plugin during this state ("write to /home/x refused").
  std::string sandbox;
  std::vector<std::string> sandbox_refusals;

  // Device-resident time of the operation and of the backend's copy of the input bytes.
  std::optional<sample_stats> time;
  std::optional<sample_stats> copy_time;
  // An operation that only reads (UTF-8 validation): the backend's read-only pass over the
  // input bytes, where it offers one.
  std::optional<sample_stats> read_time;
  std::optional<sample_stats> end_to_end_time;  // upload + run + download
  // How `time` was taken: the runner's timer around run() on resident buffers, or the region
  // the plugin timed itself (then `call_time` is the runner's timer around the same calls).
  // WHOLE_CALL: an OWN_REGION plugin's run timed no region (`timing_note` says why), so every
  // sample is the runner's time of the whole call.
  parprim_timing_basis timing = PARPRIM_TIMING_RESIDENT;
  std::optional<sample_stats> call_time;
  std::string timing_note;

  // How the samples of `time` and `copy_time` were taken (sample_mode.hpp). Results written
  // before the modes existed were hot, and read back so.
  sample_mode mode = sample_mode::hot;
  int batch_runs = 0;                     // batch: runs per sample
  bool launches_queued = false;           // each sample's launches waited behind a stream hold
  std::string mode_note;                  // why a sample was taken otherwise than asked
  std::optional<sample_stats> host_time;  // the host's wall time of the same samples
  std::optional<clock_range> clocks;      // the device's clocks over the samples
  std::string clocks_note;                // why the clocks could not be read

  double bytes_moved = 0;  // the byte model of the operation (docs/measurement.md)
  std::uint64_t kept = 0;  // compact: elements kept; UTF-8: elements written (or errors)

  double elements_per_second() const {
    return time && time->median > 0 ? double(n) / time->median : 0;
  }
  double gb_per_second() const {
    return time && time->median > 0 ? bytes_moved / time->median / 1e9 : 0;
  }
  std::string input_text() const { return runner::input_text(to_string(input), error_rate); }
  /// Copy bandwidth: the input bytes read and written once.
  double copy_gb_per_second() const {
    return copy_time && copy_time->median > 0
               ? 2.0 * double(n) * double(dtype_size(task.dtype)) / copy_time->median / 1e9
               : 0;
  }
  /// The operation's bandwidth as a fraction of the copy's: 1.0 means as fast as a copy.
  double fraction_of_copy() const {
    const double copy = copy_gb_per_second();
    return time && copy > 0 ? gb_per_second() / copy : 0;  // n = 0 moves no bytes
  }
  /// Read-only bandwidth: the input bytes read once.
  double read_gb_per_second() const {
    return read_time && read_time->median > 0
               ? double(n) * double(dtype_size(task.dtype)) / read_time->median / 1e9
               : 0;
  }
  /// The operation's bandwidth as a fraction of the read-only pass's (0 without one).
  double fraction_of_read() const {
    const double read = read_gb_per_second();
    return time && read > 0 ? gb_per_second() / read : 0;
  }
  /// "backend/variant[params]"; a record with no variant (a backend unavailable here) is the
  /// backend alone.
  std::string label() const {
    return backend + (task.variant.empty() ? "" : "/" + task.variant) + params_suffix();
  }
  std::string params_suffix() const {
    std::string s;
    for (const auto& [k, v] : task.params) s += " " + k + "=" + std::to_string(v);
    return s.empty() ? s : "[" + s.substr(1) + "]";
  }
};

}  // namespace parprim::runner
