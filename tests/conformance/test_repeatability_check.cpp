// The repeatability check of the conformance suite (test_repeatability.cpp), end to end with few
// runs: a deterministic plugin passes it (scan, compaction and the UTF-8 operations), and a scan
// that is wrong on one run in four, which a single validation run passes, fails it with the run
// and the element named.
#include <catch2/catch.hpp>

#include <string>

#include "command_output.hpp"

namespace {

parprim::test::command_output conformance(const std::string& args) {
  return parprim::test::run_command(std::string(PARPRIM_CONFORMANCE_EXE) + " " + args);
}

}  // namespace

TEST_CASE("repeatability check: the same bits every run pass") {
  const std::string cpu_seq = std::string(PARPRIM_TEST_PLUGIN_DIR) + "/parprim_plugin_cpu_seq.so";
  const auto out =
      conformance("--plugins " + cpu_seq + " --repeat-runs 6 --repeat-size 5003 '[repeatability]'");
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("repeatability: cpu_seq/") != std::string::npos);
  CHECK(out.text.find("compact nonzero i64 small n=5003 seed=") != std::string::npos);
  for (const char* form : {"utf8_decode replace u8", "utf8_decode validate u8",
                           "utf8_encode replace u32"})
    CHECK(out.text.find(std::string(form) + " mixed errors=1e-2 n=5003 seed=20261126: 6 runs") !=
          std::string::npos);
  CHECK(out.text.find("n=5003") != std::string::npos);
  CHECK(out.text.find(": 6 runs, the same bits") != std::string::npos);
}

TEST_CASE("repeatability check: a result that changes on a later run fails, named") {
  const std::string planted = PARPRIM_UNREPEATABLE_PLUGIN;
  // Its first run is validated and passes; the fourth of ten differs.
  const auto out = conformance("--plugins " + planted +
                               " --repeat-runs 10 --repeat-size 5003 '[repeatability]'");
  INFO(out.text);
  CHECK(out.status == 1);
  CHECK(out.text.find("run 4 of 10 differs from run 1 at element 2501") != std::string::npos);
  CHECK(out.text.find("planted_unrepeatable/racy scan exclusive i32 uniform n=5003 seed=") !=
        std::string::npos);
  CHECK(out.text.find("run 1:") == std::string::npos);
}
