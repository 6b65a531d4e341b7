// The sample modes (runner/src/sampler.cpp, docs/measurement.md) on planted plugins: a pretend
// GPU is sampled cold through the stream hold with its clocks read, a falling clock flags the
// state, a hold that times out is dropped and said, batch runs several calls per sample, and a
// plugin built before the measurement hooks loads and is sampled hot, saying why.
// (Each test names the document it reads: a range-for over a part of a temporary would outlive it.)
#include "runner_process.hpp"

using namespace parprim::runner::test;

namespace {

/// A config over the planted folder with `modes` added to the quick measurement settings.
std::string config_with_modes(const fs::path& dir, const std::string& backends,
                              const std::string& modes) {
  std::string cfg = planted_config(dir, backends);
  const std::string quick_end = "max_time: 0.05}";
  cfg.replace(cfg.find(quick_end), quick_end.size(), "max_time: 0.05" + modes + "}");
  return cfg + "benchmarks:\n  - {operation: scan, types: [i32], sizes: [1000, 4099]}\n";
}

struct modes_run {
  fs::path dir;  // holds c.yaml and the run's r.json
  run_output out;
};

/// Runs the runner over the planted folder in a scratch folder `name`, with `modes` added to
/// the quick measurement settings and `environment` (VAR=value ...) before the command.
modes_run run_modes(const std::string& name, const std::string& backends, const std::string& modes,
                    const std::string& environment, const std::string& extra_args = "") {
  const fs::path dir = scratch(name);
  const fs::path cfg = write(dir, "c.yaml", config_with_modes(dir, backends, modes));
  return {dir, parprim::test::run_command(environment + " " + PARPRIM_RUNNER_EXE + " " +
                                          cfg.string() + " --no-progress " + extra_args)};
}

}  // namespace

TEST_CASE("sample modes: a GPU is sampled cold behind the stream hold, its clocks read") {
  const auto [dir, out] = run_modes("modes_cold", "planted_measurement_hooks", "", "");
  INFO(out.text);
  REQUIRE(out.status == 0);
  CHECK(out.text.find("samples: cold on GPUs, hot on CPUs") != std::string::npos);
  CHECK(out.text.find("THROTTLED") == std::string::npos);
  const json j = read_json(dir / "r.json");
  CHECK(j["context"]["sample_modes"]["device"] == "cold");
  CHECK(j["context"]["sample_modes"]["host"] == "hot");
  REQUIRE(j["records"].size() == 2);
  for (const json& r : j["records"]) {
    INFO(r.dump());
    REQUIRE(r["status"] == "ok");
    CHECK(r["mode"] == "cold");
    CHECK(r["launches_queued"] == true);
    CHECK(r["mode_note"] == "");
    CHECK(r["host_time_s"]["samples"] == r["time_s"]["samples"]);
    CHECK(r["clocks"]["max_sm_mhz"] == 2000);
    CHECK(r["clocks"]["sm_mhz_min"] == 2000);
    CHECK(r["clocks"]["readings"].get<int>() >= r["time_s"]["samples"].get<int>());
    CHECK(r["throttled"] == false);
  }
}

TEST_CASE("sample modes: a clock that falls below 90% of its maximum flags the state") {
  const fs::path md_path = fs::temp_directory_path() / "parprim_runner_test_modes_throttled.md";
  const auto [dir, out] =
      run_modes("modes_throttled", "planted_measurement_hooks", "",
                "PARPRIM_PLANTED_CLOCK_DROP_AFTER=0", "--markdown " + md_path.string());
  INFO(out.text);
  REQUIRE(out.status == 0);
  CHECK(out.text.find("THROTTLED 1500/2000 MHz") != std::string::npos);
  const json j = read_json(dir / "r.json");
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["throttled"] == true);
    CHECK(r["clocks"]["sm_mhz_min"] == 1500);
    CHECK(r["clocks"]["throttle_reasons"] == 4);  // the planted reason: software power cap
  }
  std::ifstream md(md_path);
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  CHECK(text.find("THROTTLED 1500/2000 MHz") != std::string::npos);
}

TEST_CASE("sample modes: clocks that cannot be read are said once, and are no error") {
  const auto [dir, out] =
      run_modes("modes_no_clocks", "planted_measurement_hooks", "", "PARPRIM_PLANTED_NO_CLOCKS=1");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const std::string said = "planted_measurement_hooks: clocks not read: NVML not loaded: planted";
  const auto first = out.text.find(said);
  CHECK(first != std::string::npos);
  CHECK(out.text.find(said, first + 1) == std::string::npos);  // two states, said once
  const json j = read_json(dir / "r.json");
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["status"] == "ok");
    CHECK(r["clocks"].is_null());
    CHECK(r["clocks_note"] == "NVML not loaded: planted");
    CHECK(r["throttled"] == false);
  }
}

TEST_CASE("sample modes: a stream hold that times out is dropped, the samples taken without it") {
  const auto [dir, out] = run_modes("modes_hold_timeout", "planted_measurement_hooks", "",
                                    "PARPRIM_PLANTED_HOLD_TIMES_OUT=1");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const std::string note =
      "run() waits for the GPU inside the call: samples taken without the stream hold";
  CHECK(out.text.find(note) != std::string::npos);
  const json j = read_json(dir / "r.json");
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["status"] == "ok");
    CHECK(r["mode"] == "cold");
    CHECK(r["launches_queued"] == false);
    CHECK(r["mode_note"] == note);
  }
}

TEST_CASE("sample modes: batch times batch_runs calls per sample, the copy in the same mode") {
  const auto [dir, out] = run_modes("modes_batch", "planted_measurement_hooks, cpu_seq",
                                    ", mode: batch, host_mode: batch, batch_runs: 4", "");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const json j = read_json(dir / "r.json");
  CHECK(j["context"]["sample_modes"]["batch_runs"] == 4);
  REQUIRE(j["records"].size() == 4);
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["mode"] == "batch");
    CHECK(r["batch_runs"] == 4);
    CHECK(r["launches_queued"] == false);  // a batch's calls queue behind each other
    CHECK(r["copy_time_s"]["median"].get<double>() > 0);
  }
}

TEST_CASE("sample modes: a table that mixes modes names each cell's") {
  const auto [dir, out] = run_modes("modes_mixed", "planted_measurement_hooks, cpu_seq", "", "");
  INFO(out.text);
  REQUIRE(out.status == 0);
  CHECK(out.text.find("[cold]") != std::string::npos);  // the pretend GPU
  CHECK(out.text.find("[hot]") != std::string::npos);   // cpu_seq
}

TEST_CASE("sample modes: a plugin built before the hooks loads and is sampled hot, saying why") {
  const auto [dir, out] =
      run_modes("modes_old_plugin", "planted_pre_measurement_descriptor", ", host_mode: cold", "");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const std::string note = "cold asked; the plugin cannot flush its caches, so samples are hot";
  CHECK(out.text.find(note) != std::string::npos);
  const json j = read_json(dir / "r.json");
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["status"] == "ok");
    CHECK(r["mode"] == "hot");
    CHECK(r["mode_note"] == note);
    CHECK(r["clocks"].is_null());
    CHECK(r["clocks_note"] == "");  // no hook is no reason to complain
  }
}

TEST_CASE("sample modes: cpu_seq sampled cold on request flushes its caches") {
  const auto [dir, out] = run_modes("modes_cpu_cold", "cpu_seq", ", host_mode: cold", "");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const json j = read_json(dir / "r.json");
  for (const json& r : j["records"]) {
    INFO(r.dump());
    CHECK(r["mode"] == "cold");
    CHECK(r["mode_note"] == "");
    CHECK(r["launches_queued"] == false);  // a CPU has no stream to hold
  }
}
