// The read-only baseline (docs/measurement.md): an operation that only reads, UTF-8 validation,
// is held to the backend's read-only pass as well as to its copy; the other operations are not.
#include "runner_process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

using namespace parprim::runner::test;

TEST_CASE("read baseline: validation records carry the read-only pass, decoding records do not") {
  // cpu_tbb's pass runs on its threads in 1 MiB chunks, as its copy does: 2^20 + 5 crosses one.
  const fs::path dir = scratch("read_baseline");
  const fs::path cfg =
      write(dir, "c.yaml",
            std::string(quick_measurement) + "outputs: {json: " + (dir / "r.json").string() +
                ", markdown: " + (dir / "r.md").string() + ", csv: " + (dir / "r.csv").string() +
                "}\nbackends: [cpu_seq, cpu_tbb]\nbenchmarks:\n"
                "  - {operation: utf8_decode, forms: [replace, validate],\n"
                "     variants: [simd, chunked], distributions: [cjk], sizes: [0, 100003, 2^20+5]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  REQUIRE(out.status == 0);
  const json j = read_json(dir / "r.json");
  REQUIRE(j["records"].size() == 12);
  int validations = 0;
  for (const auto& r : j["records"]) {
    CAPTURE(r.dump());
    CHECK(r["status"] == "ok");
    if (r["utf8_form"] == "validate") {
      ++validations;
      REQUIRE(r["read_time_s"].is_object());
      CHECK(r["read_time_s"]["median"].get<double>() > 0);
      if (r["n"] == 0) {
        CHECK(r["fraction_of_read"] == 0);  // no bytes moved
      } else {
        // The same bytes over each time: the share is the ratio of the two times.
        const double expected = r["read_time_s"]["median"].get<double>() /
                                r["time_s"]["median"].get<double>();
        CHECK(r["fraction_of_read"].get<double>() == Approx(expected).epsilon(1e-9));
        CHECK(r["read_gb_per_second"].get<double>() ==
              Approx(r["n"].get<double>() / r["read_time_s"]["median"].get<double>() / 1e9)
                  .epsilon(1e-9));
      }
    } else {
      CHECK(r["read_time_s"].is_null());
      CHECK(r["fraction_of_read"] == 0);
    }
  }
  CHECK(validations == 6);
  // The tables say it beside the copy's share; the CSV has its columns.
  CHECK(out.text.find("% read)") != std::string::npos);
  std::ifstream md(dir / "r.md");
  const std::string markdown((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  CHECK(markdown.find("% copy, ") != std::string::npos);
  CHECK(markdown.find("% read") != std::string::npos);
  std::ifstream csv(dir / "r.csv");
  std::string header;
  std::getline(csv, header);
  CHECK(header.find("read_median_s,fraction_of_read") != std::string::npos);
}
