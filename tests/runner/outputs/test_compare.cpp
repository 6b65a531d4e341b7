#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "outputs/compare.hpp"

using namespace parprim::runner;
using nlohmann::json;

namespace {

json state(const std::string& backend, std::uint64_t n, double median, double noise) {
  return {{"benchmark", "scan"},
          {"operation", "scan"},
          {"form", "exclusive"},
          {"type", "i32"},
          {"variant", "v"},
          {"params", json::object()},
          {"n", n},
          {"distribution", "uniform"},
          {"backend", backend},
          {"status", "ok"},
          {"time_s", {{"median", median}, {"noise", noise}}}};
}

json results(std::vector<json> records) {
  return {{"schema", "parprim-results"}, {"schema_version", 1}, {"records", records}};
}

}  // namespace

TEST_CASE("compare: a planted 2x slowdown is SLOWER and a regression past the threshold") {
  const json base = results({state("a", 1000, 1e-3, 0.01), state("b", 1000, 1e-3, 0.01)});
  const json fresh = results({state("a", 1000, 2e-3, 0.01), state("b", 1000, 1e-3, 0.01)});
  const comparison c = compare_results(base, fresh);
  REQUIRE(c.states.size() == 2);
  CHECK(c.states[0].key == "scan exclusive i32 uniform n=1000 a/v");
  CHECK(c.states[0].outcome == verdict::slower);
  CHECK(c.states[0].ratio == Approx(2.0));
  CHECK(c.states[1].outcome == verdict::same);
  CHECK(regressions(c, 0.10).size() == 1);
  CHECK(regressions(c, 1.50).empty());  // 2x is within a 150% threshold
}

TEST_CASE("compare: identical results are SAME, a change within the noise too") {
  const json base = results({state("a", 10, 1e-3, 0.05)});
  CHECK(compare_results(base, base).states[0].outcome == verdict::same);
  const json noisy = results({state("a", 10, 1.04e-3, 0.05)});
  CHECK(compare_results(base, noisy).states[0].outcome == verdict::same);
  const json quicker = results({state("a", 10, 0.5e-3, 0.05)});
  CHECK(compare_results(base, quicker).states[0].outcome == verdict::faster);
}

TEST_CASE("compare: figures of different sample modes are not judged, and say so") {
  json cold = state("a", 1000, 1e-3, 0.01);
  cold["mode"] = "cold";
  json hot = state("a", 1000, 3e-3, 0.01);  // three times slower, but measured otherwise
  hot["mode"] = "hot";
  const comparison c = compare_results(results({cold}), results({hot}));
  REQUIRE(c.states.size() == 1);
  CHECK(c.states[0].outcome == verdict::modes_differ);
  CHECK(regressions(c, 0.10).empty());
  std::ostringstream text;
  print_comparison(text, c);
  CHECK(text.str().find("MODES DIFFER (cold / hot): not compared") != std::string::npos);
  CHECK(text.str().find("1 measured in different modes") != std::string::npos);
  // A file written before the modes holds hot figures.
  const json old_file = results({state("a", 1000, 1e-3, 0.01)});
  CHECK(compare_results(old_file, results({hot})).states[0].outcome == verdict::slower);
  CHECK(compare_results(old_file, results({cold})).states[0].outcome == verdict::modes_differ);
}

TEST_CASE("compare: states in only one file are listed, failed states are not compared") {
  json failed = state("c", 10, 1e-3, 0.01);
  failed["status"] = "failed";
  const json base = results({state("a", 10, 1e-3, 0.01), failed});
  const json fresh = results({state("b", 10, 1e-3, 0.01)});
  const comparison c = compare_results(base, fresh);
  CHECK(c.states.empty());
  CHECK(c.only_in_base == std::vector<std::string>{"scan exclusive i32 uniform n=10 a/v"});
  CHECK(c.only_in_new == std::vector<std::string>{"scan exclusive i32 uniform n=10 b/v"});
  std::ostringstream text;
  print_comparison(text, c);
  CHECK(text.str().find("0 faster, 0 slower, 0 same, 0 measured in different modes, 0 on different devices; 1 "
                        "only in the "
                        "base, 1 only in the new") != std::string::npos);
}

TEST_CASE("compare: the runner's exit status gates on the threshold") {
  const auto dir = std::filesystem::temp_directory_path() / "parprim_test_compare";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "base.json") << results({state("a", 1000, 1e-3, 0.01)});
  std::ofstream(dir / "slow.json") << results({state("a", 1000, 2e-3, 0.01)});
  std::ofstream(dir / "bad.json") << "{ not json";
  auto run = [&](const std::string& args) {
    const int raw = std::system(
        (std::string(PARPRIM_RUNNER_EXE) + " compare " + args + " > /dev/null 2>&1").c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  };
  const std::string base = (dir / "base.json").string(), slow = (dir / "slow.json").string();
  CHECK(run(base + " " + slow) == 0);  // no threshold: a report only
  CHECK(run(base + " " + slow + " --threshold 10") == 1);
  CHECK(run(base + " " + base + " --threshold 10") == 0);
  CHECK(run(base + " " + (dir / "bad.json").string()) == 2);
  CHECK(run(base + " " + slow + " --markdown " + (dir / "cmp.md").string()) == 0);
  std::ifstream md(dir / "cmp.md");
  std::string first;
  std::getline(md, first);
  CHECK(first == "# parprim comparison");
}

namespace {
// A results document whose context says backend `a` ran on `gpu` and `c` on the CPU `cpu`.
json on_machine(std::vector<json> records, const std::string& gpu, const std::string& cpu) {
  json doc = results(std::move(records));
  doc["context"] = {{"cpu", {{"model", cpu}}},
                    {"plugins",
                     {{{"name", "a"}, {"memory_domain", "device"}, {"device", gpu}},
                      {{"name", "c"}, {"memory_domain", "host"}, {"device", "2 hardware threads"}}}}};
  return doc;
}
}  // namespace

TEST_CASE("compare: figures of different devices are not judged unless asked, and say so") {
  const json h100 = on_machine({state("a", 1000, 1e-3, 0.01), state("c", 1000, 1e-3, 0.01)},
                               "NVIDIA H100 80GB HBM3", "AMD EPYC 9R14");
  const json h200 = on_machine({state("a", 1000, 2e-3, 0.01), state("c", 1000, 1e-3, 0.01)},
                               "NVIDIA H200", "AMD EPYC 9R14");
  const comparison c = compare_results(h100, h200);
  REQUIRE(c.states.size() == 2);
  CHECK(c.states[0].outcome == verdict::devices_differ);  // a: another GPU
  CHECK(c.states[1].outcome == verdict::same);            // c: the same CPU
  CHECK(regressions(c, 0.10).empty());
  std::ostringstream text;
  print_comparison(text, c);
  CHECK(text.str().find("DEVICES DIFFER (NVIDIA H100 80GB HBM3 / NVIDIA H200): not judged") !=
        std::string::npos);
  CHECK(text.str().find("1 on different devices") != std::string::npos);
  CHECK(text.str().find("the base ran on NVIDIA H100 80GB HBM3, the new on NVIDIA H200: not "
                        "judged") != std::string::npos);
  // Asked to, it judges them, and still says where each ran.
  const comparison judged = compare_results(h100, h200, true);
  CHECK(judged.states[0].outcome == verdict::slower);
  CHECK(regressions(judged, 0.10).size() == 1);
  // Another CPU is another device for a CPU backend.
  const json zen5 = on_machine({state("c", 1000, 1e-3, 0.01)}, "NVIDIA H100 80GB HBM3",
                               "AMD EPYC 9R45");
  CHECK(compare_results(h100, zen5).states[0].outcome == verdict::devices_differ);
  CHECK(device_of(zen5, "c") == "AMD EPYC 9R45 (2 hardware threads)");
  CHECK(device_of(h100, "a:second-worker") == "NVIDIA H100 80GB HBM3");
}
