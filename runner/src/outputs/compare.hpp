// `runner compare BASE.json NEW.json`: every state present in both result files, with the ratio
// of their median times, classified FASTER / SLOWER / SAME by whether the difference exceeds the
// measured noise (as nvbench's compare script does); states present in only one file are listed.
// Two figures taken in different sample modes (cold, hot, batch: sample_mode.hpp) are not
// judged: the state says MODES DIFFER and names both. Nor are two figures of one backend taken
// on different machines (another GPU, another CPU: read from each file's context): the state
// says DEVICES DIFFER and names both, unless the comparison is asked to judge across devices.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace parprim::runner {

enum class verdict { faster, slower, same, modes_differ, devices_differ };
const char* to_string(verdict v);

struct compared_state {
  std::string key;                         // "scan exclusive i32 uniform n=1024 cpu_seq/sequential"
  double base_median = 0, new_median = 0;  // seconds
  double ratio = 0;                        // new / base
  double noise = 0;                        // the larger relative noise of the two
  verdict outcome = verdict::same;
  std::string base_mode, new_mode;  // "cold", "hot", "batch"; files before the modes: "hot"
  std::string base_device, new_device;  // what the backend ran on in each file (its context)
  bool devices_differ() const { return base_device != new_device; }
};

struct comparison {
  std::vector<compared_state> states;
  std::vector<std::string> only_in_base, only_in_new;
};

/// Compares the valid (status ok) records of two results documents. Across devices the states
/// are judged only when `across_devices` says so (`runner compare --across-devices`).
comparison compare_results(const nlohmann::json& base, const nlohmann::json& fresh,
                           bool across_devices = false);

/// What a backend's records in a results document ran on, from its context: a GPU backend's
/// device, a CPU backend's processor (with what the plugin says of its threads); empty when
/// the file does not say.
std::string device_of(const nlohmann::json& doc, const std::string& backend);

/// A Markdown table of the comparison (also what the console shows).
void print_comparison(std::ostream& os, const comparison& c);

/// The states slower than the base by more than `threshold` (a fraction: 0.1 is 10%) and than
/// their noise: what a CI gate fails on.
std::vector<const compared_state*> regressions(const comparison& c, double threshold);

}  // namespace parprim::runner
