// Runs the runner binary from a test, in scratch folders, and reads what it wrote.
#pragma once

#include <catch2/catch.hpp>

#include "command_output.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace fs = std::filesystem;
using nlohmann::json;

namespace parprim::runner::test {

using run_output = parprim::test::command_output;

inline run_output run_runner(const std::string& args) {
  return parprim::test::run_command(std::string(PARPRIM_RUNNER_EXE) + " " + args);
}

/// A scratch folder for one test, emptied first.
inline fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("parprim_runner_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

inline fs::path write(const fs::path& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir / name) << text;
  return dir / name;
}

inline json read_json(const fs::path& path) {
  std::ifstream f(path);
  REQUIRE(f);
  return json::parse(f);
}

inline const char* quick_measurement =
    "measurement: {warmup: 0, min_samples: 2, max_samples: 3, min_time: 0.0001, max_time: 0.05}\n";

/// A quick config over the planted plugins' folder, writing dir/r.json.
inline std::string planted_config(const fs::path& dir, const std::string& backends) {
  return std::string(quick_measurement) + "plugin_paths: [" + PARPRIM_PLANTED_PLUGIN_DIR +
         "]\nbackends: [" + backends + "]\noutputs: {json: " + (dir / "r.json").string() + "}\n";
}

}  // namespace parprim::runner::test
