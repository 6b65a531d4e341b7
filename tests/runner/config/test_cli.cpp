#include <catch2/catch.hpp>

#include "config/cli.hpp"
#include "config_fixture.hpp"

using namespace parprim;
using namespace parprim::runner;

namespace {
options parse_args(std::vector<std::string> args, std::optional<int>& exit_now) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_command_line(static_cast<int>(argv.size()), argv.data(), exit_now);
}
}  // namespace

TEST_CASE("cli: overrides replace the config's axes") {
  std::optional<int> exit_now;
  const options o =
      parse_args({"runner", "c.yaml", "--backends", "cpu_seq,cpu_tbb", "--types", "f32", "--sizes",
                  "2^10,77", "--operations", "sort", "--quick", "--json", "x.json"},
                 exit_now);
  REQUIRE_FALSE(exit_now);
  auto p = test::parse(
      "benchmarks:\n  - {operation: scan, sizes: [8]}\n  - {operation: sort, sizes: [8]}\n");
  REQUIRE(p.cfg);
  diagnostics diag;
  apply_overrides(*p.cfg, o, diag);
  CHECK(diag.items().empty());
  CHECK(p.cfg->backends == std::vector<std::string>{"cpu_seq", "cpu_tbb"});
  REQUIRE(p.cfg->benchmarks.size() == 1);
  CHECK(p.cfg->benchmarks[0].operation == PARPRIM_OP_SORT);
  CHECK(p.cfg->benchmarks[0].types == std::vector<parprim_dtype>{PARPRIM_F32});
  CHECK(p.cfg->benchmarks[0].sizes == std::vector<std::uint64_t>{1024, 77});
  CHECK(p.cfg->measurement.max_samples == 3);
  CHECK(p.cfg->outputs.json == std::filesystem::path("x.json"));
}

TEST_CASE("cli: bad override values are named") {
  std::optional<int> exit_now;
  const options o = parse_args({"runner", "c.yaml", "--types", "f16", "--sizes", "-5"}, exit_now);
  REQUIRE_FALSE(exit_now);
  auto p = test::parse("benchmarks:\n  - {operation: scan, sizes: [8]}\n");
  diagnostics diag;
  apply_overrides(*p.cfg, o, diag);
  REQUIRE(diag.items().size() == 2);
  CHECK(diag.items()[0].message == "command line: unknown element type 'f16'");
  CHECK(diag.items()[1].message.starts_with("command line: unknown size"));
  CHECK(p.cfg->benchmarks[0].sizes == std::vector<std::uint64_t>{8});  // kept
}

TEST_CASE("cli: --mode and --host-mode choose the sample modes, a wrong one is named") {
  std::optional<int> exit_now;
  const options o =
      parse_args({"runner", "c.yaml", "--mode", "batch", "--host-mode", "cold"}, exit_now);
  REQUIRE_FALSE(exit_now);
  auto p = test::parse("benchmarks:\n  - {operation: scan, sizes: [8]}\n");
  diagnostics diag;
  apply_overrides(*p.cfg, o, diag);
  CHECK(diag.items().empty());
  CHECK(p.cfg->measurement.device_mode == sample_mode::batch);
  CHECK(p.cfg->measurement.host_mode == sample_mode::cold);
  const options bad = parse_args({"runner", "c.yaml", "--mode", "tepid"}, exit_now);
  auto q = test::parse("benchmarks:\n  - {operation: scan, sizes: [8]}\n");
  diagnostics bad_diag;
  apply_overrides(*q.cfg, bad, bad_diag);
  REQUIRE(bad_diag.items().size() == 1);
  CHECK(bad_diag.items()[0].message ==
        "command line: --mode: expected cold, hot or batch, got 'tepid'");
  CHECK(q.cfg->measurement.device_mode == sample_mode::cold);  // kept
}

TEST_CASE("cli: a missing config and an unknown flag are usage errors") {
  std::optional<int> exit_now;
  parse_args({"runner"}, exit_now);
  CHECK(exit_now == int(exit_bad_config));
  exit_now.reset();
  parse_args({"runner", "c.yaml", "--frobnicate"}, exit_now);
  CHECK(exit_now == int(exit_bad_config));
  exit_now.reset();
  const options o = parse_args({"runner", "--list"}, exit_now);
  CHECK_FALSE(exit_now);
  CHECK(o.list);
}
