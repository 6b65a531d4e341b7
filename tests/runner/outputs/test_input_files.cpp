// `runner inputs`: every distinct input of a results file written as the sweep generated it
// (the comparisons outside the runner, scripts/cpython_reference.py, time what it writes).
#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "parprim/generators.hpp"
#include "runner_process.hpp"

using namespace parprim;
using namespace parprim::runner::test;

TEST_CASE("runner inputs: each state's input, bit for bit as the sweep made it, once") {
  const fs::path dir = scratch("inputs");
  const fs::path cfg = write(dir, "sweep.yaml",
                             std::string("backends: [cpu_seq]\nseed: 5\n") + quick_measurement +
                                 "benchmarks:\n"
                                 "  - operation: utf8_decode\n"
                                 "    forms: [replace, validate]\n"
                                 "    distributions: [cyrillic, emoji]\n"
                                 "    errors: [0, 1e-2]\n"
                                 "    sizes: [1000, 4099]\n"
                                 "  - operation: scan\n"
                                 "    types: [i32, f64]\n"
                                 "    distributions: [uniform]\n"
                                 "    sizes: [777]\n");
  REQUIRE(run_runner(cfg.string() + " --no-progress --no-console --json " +
                     (dir / "r.json").string())
              .status == 0);
  const auto out = run_runner("inputs " + (dir / "r.json").string() + " --out " +
                              (dir / "inputs").string());
  REQUIRE(out.status == 0);
  const json manifest = read_json(dir / "inputs" / "inputs.json");
  // 2 mixes x 2 error rates x 2 sizes of text (both forms read the same input), 2 scan types
  // (the scan's two forms share theirs).
  REQUIRE(manifest.size() == 10);
  for (const json& e : manifest) {
    CAPTURE(e.dump());
    const auto d = parse_distribution(e.at("distribution").get<std::string>());
    const auto t = parse_dtype(e.at("type").get<std::string>());
    REQUIRE(d);
    REQUIRE(t);
    const host_array want = generate(*t, *d, e.at("n").get<std::uint64_t>(),
                                     e.at("seed").get<std::uint64_t>(), e.at("errors").get<double>());
    std::ifstream f(dir / "inputs" / e.at("file").get<std::string>(), std::ios::binary);
    const std::vector<char> got{std::istreambuf_iterator<char>(f), {}};
    REQUIRE(got.size() == want.bytes());
    CHECK(std::memcmp(got.data(), want.data(), got.size()) == 0);
  }
}

TEST_CASE("runner inputs: a file that is not a results file is refused by name") {
  const fs::path dir = scratch("inputs_bad");
  write(dir, "not.json", "{\"schema\": \"something else\"}");
  const auto out = run_runner("inputs " + (dir / "not.json").string() + " --out " +
                              (dir / "inputs").string());
  CHECK(out.status == 2);
  CHECK_THAT(out.text, Catch::Contains("not.json"));
}
