// The sandbox end to end (docs/isolation.md, "The sandbox"): a plugin whose scans are right and
// which, inside run(), writes into a home folder, reads a secret there, sends it to a listener
// on the loopback address, execs a shell or forks 200 times, runs beside cpu_seq. The sweep
// finishes, every record is valid, each planted state names what was refused, and the machine
// is unchanged. The same plugin without the sandbox does all of it: the test can fail.
#include <signal.h>

#include <map>
#include <set>
#include <vector>

#include "loopback_listener.hpp"
#include "runner_process.hpp"
#include "sessions/worker/worker_session.hpp"

using namespace parprim::runner::test;

namespace {

// Each test case has its own folder: ctest runs the cases as parallel processes, and a shared
// one let a case's set-up delete the records another was about to read.
struct escape_run {
  fs::path dir;
  fs::path home = dir / "home";
  parprim::test::loopback_listener listener;
  explicit escape_run(const std::string& name) : dir(scratch("sandbox_" + name)) {
    fs::create_directories(home);
    std::ofstream(home / "secret") << "the secret\n";
  }
  run_output run(const std::string& variants, const std::string& extra_args = "",
                 const std::string& environment = "") {
    const fs::path cfg =
        write(dir, "c.yaml",
              std::string(quick_measurement) + "plugin_paths: [" + PARPRIM_ESCAPES_PLUGIN_DIR +
                  "]\nbackends: [cpu_seq, planted_escapes]\noutputs: {json: " +
                  (dir / "r.json").string() +
                  "}\nbenchmarks:\n  - {operation: scan, kinds: [exclusive], types: [i32], sizes: "
                  "[1001], "
                  "variants: [sequential, " +
                  variants + "]}\n");
    return parprim::test::run_command("PARPRIM_PLANTED_HOME=" + home.string() +
                                      " PARPRIM_PLANTED_PORT=" + std::to_string(listener.port()) +
                                      " " + environment + " " + PARPRIM_RUNNER_EXE + " " +
                                      cfg.string() + " --no-progress " + extra_args);
  }
  // The records by "backend/variant".
  std::map<std::string, json> records() {
    std::map<std::string, json> by;
    const json doc = read_json(dir / "r.json");
    for (const auto& r : doc.at("records"))
      by[r.at("backend").get<std::string>() + "/" + r.at("variant").get<std::string>()] = r;
    return by;
  }
  // The processes still alive that this run started: those whose environment names this run's
  // home (a worker and anything it forked inherit it; other cases running beside it have theirs).
  std::vector<int> processes_left() const {
    const std::string mark = "PARPRIM_PLANTED_HOME=" + home.string();
    std::vector<int> left;
    for (const auto& entry : fs::directory_iterator("/proc")) {
      const std::string pid = entry.path().filename().string();
      if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
      std::ifstream environ(entry.path() / "environ");
      std::string variable;
      while (std::getline(environ, variable, '\0'))
        if (variable == mark) left.push_back(std::stoi(pid));
    }
    return left;
  }
  std::set<std::string> home_files() {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(home)) names.insert(e.path().filename().string());
    return names;
  }
};

// The refusal is listed (with its count when the plugin tried on every run: "(3 times)").
bool lists(const json& record, const std::string& refusal) {
  for (const auto& r : record.at("sandbox_refusals"))
    if (r == refusal || r.get<std::string>().starts_with(refusal + " (")) return true;
  return false;
}

}  // namespace

TEST_CASE(
    "sandbox: every planted escape is refused and named, the run is valid, the machine unchanged") {
  escape_run e("escapes");
  const run_output out =
      e.run("write_home, read_home, connect, exec_shell, fork_bomb, well_behaved");
  INFO(out.text);
  CHECK(out.status == 0);
  auto records = e.records();
  REQUIRE(records.size() == 7);
  for (const auto& [name, r] : records) {
    INFO(name);
    CHECK(r.at("status") == "ok");
    CHECK(r.at("sandbox").get<std::string>().starts_with("on (Landlock ABI"));
  }
  CHECK(records["cpu_seq/sequential"].at("sandbox_refusals").empty());
  CHECK(records["planted_escapes/well_behaved"].at("sandbox_refusals").empty());
  const std::string h = e.home.string();
  CHECK(
      lists(records["planted_escapes/write_home"], "write to " + h + "/written_by_plugin refused"));
  CHECK(lists(records["planted_escapes/read_home"], "read of " + h + "/secret refused"));
  CHECK(lists(records["planted_escapes/connect"], "network (a socket of family AF_INET) refused"));
  CHECK(lists(records["planted_escapes/exec_shell"], "exec of /bin/sh refused"));
  CHECK(lists(records["planted_escapes/fork_bomb"], "process creation (clone) refused"));
  // Among the run's problems, named with the state, and the exit status still 0.
  CHECK(out.text.find("planted_escapes/write_home: sandbox: write to " + h +
                      "/written_by_plugin refused") != std::string::npos);
  // Nothing happened: no file, nothing received, no process left.
  CHECK(e.home_files() == std::set<std::string>{"secret"});
  CHECK(e.listener.received().empty());
  CHECK(e.processes_left().empty());
}

TEST_CASE(
    "sandbox: without it (--no-sandbox) the same plugin writes the file and sends the secret") {
  escape_run e("unsandboxed");
  const run_output out = e.run("write_home, connect", "--no-sandbox");
  INFO(out.text);
  CHECK(out.status == 0);
  auto records = e.records();
  CHECK(records["planted_escapes/write_home"].at("sandbox") == "off");
  CHECK(records["planted_escapes/write_home"].at("sandbox_refusals").empty());
  CHECK(read_json(e.dir / "r.json").at("context").at("sandbox") ==
        "off (--no-sandbox or isolation.sandbox: off)");
  CHECK(e.home_files().count("written_by_plugin") == 1);
  CHECK(e.listener.received().find("the secret") != std::string::npos);
}

TEST_CASE("sandbox: where the kernel lacks Landlock the run says so and goes on, unless required") {
  escape_run e("no_landlock");
  const std::string missing = "PARPRIM_SANDBOX_ASSUME_MISSING=landlock";
  const run_output out = e.run("write_home", "", missing);
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("sandbox: this kernel has no Landlock (no file system or TCP rules): the "
                      "workers run without it") != std::string::npos);
  auto records = e.records();
  CHECK(records["planted_escapes/write_home"].at("status") == "ok");
  CHECK(records["planted_escapes/write_home"].at("sandbox").get<std::string>().starts_with(
      "partial (seccomp; this kernel has no Landlock"));
  const run_output required = e.run("well_behaved", "--require-sandbox", missing);
  CHECK(required.status == 3);
  CHECK(required.text.find("runner: --require-sandbox: this kernel has no Landlock") !=
        std::string::npos);
}

TEST_CASE("sandbox: mode compare measures each state in a sandboxed worker and in one without") {
  escape_run e("compare");
  const fs::path cfg = write(
      e.dir, "compare.yaml",
      std::string(quick_measurement) +
          "backends: [cpu_seq]\nisolation: {sandbox: compare}\n"
          "outputs: {json: " +
          (e.dir / "r.json").string() +
          "}\nbenchmarks:\n  - {operation: scan, kinds: [exclusive], types: [i32], sizes: [1001], "
          "variants: [sequential]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 0);
  auto records = e.records();
  REQUIRE(records.count("cpu_seq/sequential") == 1);
  REQUIRE(records.count("cpu_seq:unsandboxed/sequential") == 1);
  CHECK(records["cpu_seq/sequential"].at("sandbox").get<std::string>().starts_with("on ("));
  CHECK(records["cpu_seq:unsandboxed/sequential"].at("sandbox") == "off");
  CHECK(read_json(e.dir / "r.json")
            .at("context")
            .at("sandbox")
            .get<std::string>()
            .starts_with("compare ("));
}

TEST_CASE("sandbox: a worker stopped by its CPU time limit is named so") {
  CHECK(parprim::runner::worker::fault_reason({true, SIGXCPU}) ==
        "stopped by the sandbox's CPU time limit (isolation.cpu_time_s): signal 24 (SIGXCPU)");
}
