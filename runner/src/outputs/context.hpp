// The context block of a results file: where, when and with what the figures were measured.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sessions/plugin_registry.hpp"

namespace parprim::runner {

struct plugin_context {
  std::string name, version, path, origin, variants;
  unsigned abi_version = 0;
  bool available = true;
  std::string unavailable_reason;
  std::string device;         // the plugin's device description, if any
  std::string memory_domain;  // "host" or "device"
  std::string timing;         // "resident" or "own_region" (parprim_timing_basis)
};

struct run_context {
  std::string date;  // UTC, ISO 8601
  std::string host, os, cpu_model;
  std::string cpu_microarchitecture;  // cpu_microarchitecture.hpp: family, model, x86-64 level
  unsigned cpu_threads = 0;
  std::string cpu_governor = "unknown";  // cpufreq's scaling governor of CPU 0, where exposed
  double cpu_max_mhz = 0;                // cpufreq's cpuinfo_max_freq of CPU 0; 0: not exposed
  std::uint64_t last_level_cache_bytes = 0;
  // How samples were taken (sample_mode.hpp): the config's measurement.mode, host_mode and
  // batch_runs.
  std::string device_mode, host_mode;
  int batch_runs = 0;
  double memory_gib = 0;
  std::string compiler, build_type, git_revision, parprim_version;
  std::string config_path, command_line;
  // "process" (a worker per backend), "none" (--no-isolation) or "both" (config isolation.mode)
  std::string isolation;
  // The workers' sandbox: "on (Landlock ABI 7, seccomp)", "off (--no-sandbox)", "compare (...)"
  std::string sandbox;
  std::vector<plugin_context> plugins;
};

run_context collect_context(const plugin_registry& registry, const std::string& config_path,
                            const std::string& command_line);

}  // namespace parprim::runner
