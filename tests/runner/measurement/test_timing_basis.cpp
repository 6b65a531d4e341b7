// The timing basis a plugin declares (runner/src/state_measurer.cpp): a plugin that times a
// region of its own call has that region as its sample, marked as its own everywhere, with the
// runner's time of the whole call beside it; a plugin built before the descriptor's timing
// fields loads and is timed as before.
#include "runner_process.hpp"

using namespace parprim::runner::test;

TEST_CASE(
    "timing basis: a plugin's own timed region is its sample, the whole call beside it, "
    "and a run that timed no region makes the state's samples whole calls") {
  const fs::path dir = scratch("own_timer");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "planted_own_timer, cpu_seq") +
                                 "benchmarks:\n  - {operation: scan, types: [i32], "
                                 "sizes: [1000, 2^18]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("'own timer' cells: the region the plugin's code timed itself") !=
        std::string::npos);
  CHECK(out.text.find(" own timer, ") != std::string::npos);
  CHECK(out.text.find("% whole call") != std::string::npos);
  CHECK(out.text.find("'whole call' cells of planted_own_timer: no region of its own was timed "
                      "(no region timed in this run (for tests))") != std::string::npos);
  const json j = read_json(dir / "r.json");
  for (const json& p : j["context"]["plugins"]) {
    if (p["name"] == "planted_own_timer") CHECK(p["timing"] == "own_region");
    if (p["name"] == "cpu_seq") CHECK(p["timing"] == "resident");
  }
  REQUIRE(j["records"].size() == 8);
  for (const json& r : j["records"]) {
    INFO(r.dump());
    REQUIRE(r["status"] == "ok");
    if (r["backend"] == "planted_own_timer" && r["variant"] != "timed_region") {
      // A run that timed no region: every sample of the state is the whole call.
      CHECK(r["timing"] == "whole_call");
      CHECK(r["timing_note"] == "no region timed in this run (for tests)");
      CHECK(r["call_time_s"].is_null());
      CHECK(r["copy_time_s"].is_null());
      CHECK(r["time_s"]["median"].get<double>() > 0);
    } else if (r["backend"] == "planted_own_timer") {
      CHECK(r["timing"] == "own_region");
      CHECK(r["copy_time_s"].is_null());  // a host copy is no roofline for a region of a call
      // The call copies the input before the timed scan: it takes longer than the region.
      CHECK(r["call_time_s"]["median"].get<double>() > r["time_s"]["median"].get<double>());
      CHECK(r["call_time_s"]["samples"] == r["time_s"]["samples"]);
    } else {
      CHECK(r["timing"] == "resident");
      CHECK(r["call_time_s"].is_null());
      CHECK(r["copy_time_s"]["median"].get<double>() > 0);
    }
  }
}

TEST_CASE("timing basis: --list says how each plugin is timed") {
  const run_output out =
      run_runner(std::string("--list --plugin-path ") + PARPRIM_PLANTED_PLUGIN_DIR);
  INFO(out.text);
  const auto own = out.text.find("planted_own_timer 0.0.1");
  REQUIRE(own != std::string::npos);
  CHECK(out.text.find("memory domain: host; timing: its own timer's region inside each call",
                      own) != std::string::npos);
  CHECK(out.text.find("timing: the runner's timer around each call") != std::string::npos);
  // Each variant of a plugin that times itself says how, in its description.
  CHECK(out.text.find("                               the same, timing no region", own) !=
        std::string::npos);
}

TEST_CASE("timing basis: a plugin built before the timing fields loads and is timed as before") {
  const fs::path dir = scratch("old_descriptor");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "planted_old_descriptor") +
                                 "benchmarks:\n  - {operation: scan, types: [i32], "
                                 "sizes: [0, 1000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 0);
  const json j = read_json(dir / "r.json");
  REQUIRE(j["records"].size() == 2);
  for (const json& r : j["records"]) {
    CHECK(r["status"] == "ok");
    CHECK(r["timing"] == "resident");
    CHECK(r["copy_time_s"].is_object());
  }
}
