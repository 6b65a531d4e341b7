// The runner binary on small configs: its JSON, its tables and its exit statuses.
#include <algorithm>

#include "runner_process.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

using namespace parprim::runner::test;

TEST_CASE("end to end: a valid sweep exits 0 and writes JSON, CSV and Markdown") {
  const fs::path dir = scratch("valid");
  const fs::path cfg =
      write(dir, "c.yaml",
            std::string(quick_measurement) +
                "backends: [cpu_seq]\n"
                "outputs: {json: " +
                (dir / "r.json").string() + ", csv: " + (dir / "r.csv").string() +
                ", markdown: " + (dir / "r.md").string() +
                "}\n"
                "benchmarks:\n"
                "  - {operation: scan, sizes: [1000, 2^12-3]}\n"
                "  - {operation: sort, sizes: [1000], types: [f32], payloads: [pairs]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("== scan exclusive i32, uniform") != std::string::npos);
  CHECK(out.text.find("cpu_seq/sequential") != std::string::npos);

  const json j = read_json(dir / "r.json");
  CHECK(j["schema"] == "parprim-results");
  CHECK(j["schema_version"] == 1);
  CHECK(j["exit_code"] == 0);
  CHECK_FALSE(j["context"]["date"].get<std::string>().empty());
  CHECK(j["context"]["cpu"]["threads"].get<int>() > 0);
  // Every plugin of the default folder is in the context, the backend run among them.
  const auto& plugins = j["context"]["plugins"];
  const auto cpu_seq = std::find_if(plugins.begin(), plugins.end(),
                                    [](const json& p) { return p["name"] == "cpu_seq"; });
  REQUIRE(cpu_seq != plugins.end());
  CHECK((*cpu_seq)["abi_version"] == 1);
  const auto& records = j["records"];
  // scan at two sizes; sort pairs through three variants (radix, std, pdqsort_branchless), and
  // a fourth (vqsort) where Highway was found at build time
  REQUIRE((records.size() == 5 || records.size() == 6));
  for (const auto& r : records) {
    CAPTURE(r.dump());
    CHECK(r["status"] == "ok");
    CHECK(r["time_s"]["median"].get<double>() > 0);
    CHECK(r["copy_time_s"]["median"].get<double>() > 0);
    CHECK(r["end_to_end_time_s"]["median"].get<double>() > 0);
    CHECK(r["fraction_of_copy"].get<double>() > 0);
    CHECK(r["seed"].get<std::uint64_t>() != 0);
  }
  CHECK(records[1]["n"] == 4093);
  CHECK(fs::file_size(dir / "r.csv") > 0);
  std::ifstream md(dir / "r.md");
  std::string first_line;
  std::getline(md, first_line);
  CHECK(first_line == "# parprim results");
}

TEST_CASE("end to end: a planted wrong backend fails with the mismatch, the rest still runs") {
  const fs::path dir = scratch("planted");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "planted_off_by_one, cpu_seq") +
                                 "benchmarks:\n  - {operation: scan, sizes: [50, 1000]}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  CHECK(out.status == 1);
  CHECK(out.text.find("FAILED planted_off_by_one/wrong n=1000") != std::string::npos);
  CHECK(out.text.find("element 0: expected 0, actual 1") != std::string::npos);

  const json j = read_json(dir / "r.json");
  CHECK(j["exit_code"] == 1);
  int ok = 0, failed = 0;
  for (const auto& r : j["records"]) {
    if (r["status"] == "ok") ++ok;
    if (r["status"] == "failed") {
      ++failed;
      CHECK(r["backend"] == "planted_off_by_one");
      CHECK(r["n"] == 1000);
      CHECK(r["first_mismatch"] == "element 0: expected 0, actual 1");
      CHECK(r["time_s"].is_null());  // a wrong backend is not timed
    }
  }
  CHECK(failed == 1);
  CHECK(ok == 3);  // the planted one at n=50, cpu_seq at both sizes
}

TEST_CASE("end to end: an output element never written is caught, even in reused memory") {
  // cpu_seq runs first and frees buffers of the same size holding the right answer; the
  // planted backend may be handed that memory back; the poison makes the result not depend on it.
  const fs::path dir = scratch("skips_last");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "cpu_seq, planted_skips_last") +
                                 "benchmarks:\n  - {operation: scan, types: [u32], "
                                 "distributions: [small], sizes: [1000]}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  CHECK(out.status == 1);
  CHECK(out.text.find("FAILED planted_skips_last/lazy n=1000") != std::string::npos);
  CHECK(out.text.find("element 999: expected") != std::string::npos);
  CHECK(out.text.find("actual 2779096485") != std::string::npos);  // 0xA5A5A5A5, the poison
}

TEST_CASE("end to end: a sort of keys >= 0 only is skipped on negative keys, said once") {
  // planted_nonnegative_sort orders keys as unsigned: right on 'nonnegative' inputs, wrong on
  // 'uniform' ones, which are outside the domain it declares.
  const fs::path dir = scratch("nonnegative_sort");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "planted_nonnegative_sort, cpu_seq") +
                                 "benchmarks:\n  - {operation: sort, types: [i32], "
                                 "distributions: [uniform, nonnegative], sizes: [1000, 3000]}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  CHECK(out.status == 0);
  const std::string note = "skipped planted_nonnegative_sort/unsigned_order: the input has keys "
                           "below zero, outside the variant's domain";
  const auto first = out.text.find(note);
  CHECK(first != std::string::npos);
  CHECK(out.text.find(note, first + 1) == std::string::npos);  // once for its two sizes
  int ok = 0, skipped = 0;
  const json j = read_json(dir / "r.json");
  for (const auto& r : j["records"]) {
    if (r["backend"] != "planted_nonnegative_sort") continue;
    CAPTURE(r.dump());
    if (r["distribution"] == "uniform") {
      CHECK(r["status"] == "skipped");
      ++skipped;
    } else {
      CHECK(r["status"] == "ok");
      ++ok;
    }
  }
  CHECK(ok == 2);
  CHECK(skipped == 2);
}

TEST_CASE("end to end: an unknown backend asked for by name exits 3, the others run") {
  const fs::path dir = scratch("unknown_backend");
  const fs::path cfg = write(dir, "c.yaml",
                             std::string(quick_measurement) +
                                 "backends: [cpu_seq, warp_drive]\n"
                                 "outputs: {json: " +
                                 (dir / "r.json").string() +
                                 "}\n"
                                 "benchmarks:\n  - {operation: scan, sizes: [64]}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  CHECK(out.status == 3);
  CHECK(out.text.find("backend 'warp_drive' was asked for but no plugin of that name was loaded") !=
        std::string::npos);
  CHECK(read_json(dir / "r.json")["records"].size() == 1);
}

TEST_CASE("end to end: a size too large for memory is skipped with a reason, the rest runs") {
  const fs::path dir = scratch("too_large");
  const fs::path cfg = write(dir, "c.yaml",
                             std::string(quick_measurement) +
                                 "backends: [cpu_seq]\n"
                                 "outputs: {json: " +
                                 (dir / "r.json").string() +
                                 "}\n"
                                 "benchmarks:\n  - {operation: scan, sizes: [2^44, 100]}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  CHECK(out.status == 0);
  const json j = read_json(dir / "r.json");
  REQUIRE(j["records"].size() == 2);
  CHECK(j["records"][0]["status"] == "skipped");
  CHECK(j["records"][0]["reason"].get<std::string>().find("of host memory") != std::string::npos);
  CHECK(j["records"][1]["status"] == "ok");
}

TEST_CASE("end to end: out of device memory skips the state, a lost device fails the rest") {
  const fs::path dir = scratch("limits");
  const std::string head = planted_config(dir, "planted_limits");
  SECTION("a size the device cannot hold is skipped with the reason; the others run") {
    const run_output out = run_runner(
        write(dir, "oom.yaml", head + "benchmarks:\n  - {operation: scan, sizes: [100, 2^20]}\n")
            .string());
    INFO(out.text);
    CHECK(out.status == 0);
    const json j = read_json(dir / "r.json");
    REQUIRE(j["records"].size() == 2);
    CHECK(j["records"][0]["status"] == "ok");
    CHECK(j["records"][1]["status"] == "skipped");
    CHECK(j["records"][1]["reason"].get<std::string>().find(
              "out of memory: planted_limits: allocate failed (out of memory): planted: 4194304 "
              "bytes exceed the 1 MiB device") != std::string::npos);
  }
  const std::string lost = head + "benchmarks:\n  - {operation: scan, sizes: [100, 777, 800]}\n";
  SECTION("a sticky device error costs that state only: the next one gets a fresh worker") {
    const run_output out = run_runner(write(dir, "lost.yaml", lost).string());
    INFO(out.text);
    CHECK(out.status == 1);
    const json j = read_json(dir / "r.json");
    REQUIRE(j["records"].size() == 3);
    CHECK(j["records"][0]["status"] == "ok");
    CHECK(j["records"][1]["status"] == "failed");
    CHECK(j["records"][1]["reason"].get<std::string>().find("device lost") != std::string::npos);
    CHECK(j["records"][2]["status"] == "ok");
  }
  SECTION("without isolation the backend's later states fail without running") {
    const run_output out = run_runner(write(dir, "lost.yaml", lost).string() + " --no-isolation");
    INFO(out.text);
    CHECK(out.status == 1);
    const json j = read_json(dir / "r.json");
    REQUIRE(j["records"].size() == 3);
    CHECK(j["records"][1]["status"] == "failed");
    CHECK(j["records"][2]["status"] == "failed");
    CHECK(j["records"][2]["reason"].get<std::string>().starts_with(
        "not run: an earlier state lost the device"));
  }
}

TEST_CASE("end to end: bad configs exit 2 with the place named") {
  const fs::path dir = scratch("bad_config");
  SECTION("missing config") {
    const run_output out = run_runner((dir / "absent.yaml").string());
    CHECK(out.status == 2);
    CHECK(out.text.find("absent.yaml: config file does not exist") != std::string::npos);
  }
  SECTION("malformed YAML") {
    const run_output out = run_runner(write(dir, "m.yaml", "benchmarks: [\n").string());
    CHECK(out.status == 2);
    CHECK(out.text.find("m.yaml:2:1: malformed YAML") != std::string::npos);
  }
  SECTION("empty file") {
    const run_output out = run_runner(write(dir, "e.yaml", "").string());
    CHECK(out.status == 2);
    CHECK(out.text.find("e.yaml: the config is empty") != std::string::npos);
  }
  SECTION("a plugin folder that does not exist is reported; the other plugins still run") {
    const fs::path cfg = write(dir, "p.yaml",
                               std::string(quick_measurement) +
                                   "plugin_paths: [/no/such/plugins]\n"
                                   "outputs: {json: " +
                                   (dir / "r.json").string() +
                                   "}\n"
                                   "backends: [cpu_seq]\n"
                                   "benchmarks:\n  - {operation: scan, sizes: [8]}\n");
    const run_output out = run_runner(cfg.string());
    INFO(out.text);
    CHECK(out.status == 2);
    CHECK(out.text.find("/no/such/plugins: plugin folder does not exist") != std::string::npos);
    CHECK(read_json(dir / "r.json")["records"][0]["status"] == "ok");
  }
  SECTION("a variant no backend declares is an error naming its place and the nearest name") {
    const fs::path cfg =
        write(dir, "v.yaml",
              std::string(quick_measurement) + "outputs: {json: " + (dir / "r.json").string() +
                  "}\nbackends: [cpu_seq]\nbenchmarks:\n"
                  "  - {operation: scan, sizes: [8], variants: [sequential]}\n"
                  "  - {operation: sort, sizes: [8], variants: [radix, sequentail]}\n");
    const run_output out = run_runner(cfg.string());
    INFO(out.text);
    CHECK(out.status == 2);
    CHECK(out.text.find("v.yaml:6:53: benchmark 'sort': no backend declares a sort variant "
                        "'sequentail'") != std::string::npos);
    CHECK(out.text.find("v.yaml:5:") == std::string::npos);   // a declared name is fine
    CHECK(read_json(dir / "r.json")["records"].size() == 2);  // the rest ran
  }
  SECTION("a parameter value no backend allows is an error naming the value and what is allowed") {
    // planted_tunable's `start` allows 0, 1 and 99 (docs/config.md once swept radix_bits 11,
    // which cuda_efficient does not allow).
    const fs::path cfg =
        write(dir, "a.yaml",
              planted_config(dir, "planted_tunable") +
                  "benchmarks:\n  - {operation: scan, sizes: [8], params: {start: [0, 7]}}\n");
    const run_output out = run_runner(cfg.string());
    INFO(out.text);
    CHECK(out.status == 2);
    CHECK(out.text.find("a.yaml: benchmark 'scan': start=7 is allowed by no backend that declares "
                        "it (planted_tunable/from_start allows 0, 1, 99)") != std::string::npos);
    CHECK(out.text.find("start=0 is allowed") == std::string::npos);
    const json doc = read_json(dir / "r.json");  // start=0 ran, start=7 did not
    const json& records = doc["records"];
    REQUIRE(records.size() == 1);
    CHECK(records[0]["params"]["start"] == 0);
    CHECK(records[0]["status"] == "ok");
  }
  SECTION("a bad size with good ones: the good ones run") {
    const fs::path cfg =
        write(dir, "s.yaml",
              std::string(quick_measurement) + "outputs: {json: " + (dir / "r.json").string() +
                  "}\n"
                  "backends: [cpu_seq]\n"
                  "benchmarks:\n  - {operation: scan, sizes: [-8, 8]}\n");
    const run_output out = run_runner(cfg.string());
    CHECK(out.status == 2);
    CHECK(out.text.find("s.yaml:5:31: sizes: '-8' is not a size") != std::string::npos);
    CHECK(read_json(dir / "r.json")["records"].size() == 1);
  }
}

TEST_CASE("end to end: size 0 is validated and timed as the call's fixed cost") {
  const fs::path dir = scratch("size_zero");
  const fs::path cfg =
      write(dir, "c.yaml",
            std::string(quick_measurement) + "outputs: {json: " + (dir / "r.json").string() +
                "}\nbackends: [cpu_seq]\nbenchmarks:\n"
                "  - {operation: scan, sizes: [0]}\n"
                "  - {operation: compact, sizes: [0]}\n"
                "  - {operation: sort, payloads: [pairs], sizes: [0]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("           0 | ") != std::string::npos);  // a row of the tables
  const json j = read_json(dir / "r.json");
  // scan, compact, sort pairs through its three variants (four with Highway's vqsort)
  REQUIRE((j["records"].size() == 5 || j["records"].size() == 6));
  for (const auto& r : j["records"]) {
    CAPTURE(r.dump());
    CHECK(r["status"] == "ok");
    CHECK(r["n"] == 0);
    CHECK(r["time_s"]["median"].get<double>() >= 0);
    CHECK(r["fraction_of_copy"] == 0);
  }
  CHECK(j["records"][1]["kept"] == 0);
}

TEST_CASE("end to end: --list shows every plugin with its variants") {
  const run_output out =
      run_runner(std::string("--list --plugin-path ") + PARPRIM_PLANTED_PLUGIN_DIR);
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("cpu_seq 1.0.0 (ABI 1)") != std::string::npos);
  CHECK(out.text.find("planted_off_by_one 0.0.1 (ABI 1)") != std::string::npos);
  CHECK(out.text.find("param radix_bits = 11") != std::string::npos);
  // Where each came from.
  CHECK(out.text.find(std::string("  ") + PARPRIM_PLANTED_PLUGIN_DIR + " (--plugin-path)") !=
        std::string::npos);
  CHECK(out.text.find("planted_off_by_one.so [--plugin-path]") != std::string::npos);
  CHECK(out.text.find("parprim_plugin_cpu_seq.so [default]") != std::string::npos);
}

TEST_CASE("end to end: two plugins of one name: the earlier folder wins, the other is reported") {
  const fs::path dir = scratch("duplicate_name");
  fs::create_directories(dir / "mine");
  fs::copy_file(fs::path(PARPRIM_TEST_PLUGIN_DIR) / "parprim_plugin_cpu_seq.so",
                dir / "mine" / "parprim_plugin_cpu_seq.so", fs::copy_options::overwrite_existing);
  const run_output out = run_runner("--list --plugin-path " + (dir / "mine").string());
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("cpu_seq 1.0.0 (ABI 1) from " + (dir / "mine").string() +
                      "/parprim_plugin_cpu_seq.so [--plugin-path]") != std::string::npos);
  CHECK(out.text.find(std::string(PARPRIM_TEST_PLUGIN_DIR) +
                      "/parprim_plugin_cpu_seq.so: plugin 'cpu_seq' ignored: a plugin of that "
                      "name was already loaded from " +
                      (dir / "mine").string() +
                      "/parprim_plugin_cpu_seq.so (earlier folders win)") != std::string::npos);
}

TEST_CASE("end to end: the shipped configs parse without a problem") {
  for (const char* name : {"ci.yaml", "sweep.yaml", "classic.yaml"}) {
    CAPTURE(name);
    const fs::path cfg = fs::path(PARPRIM_SOURCE_DIR) / "configs" / name;
    // --operations with no match leaves nothing to run: only the parsing is exercised.
    const run_output out =
        run_runner(cfg.string() +
                   " --operations scan --sizes 4 --types i32 "
                   "--no-console --json /dev/null --csv /dev/null --markdown /dev/null");
    INFO(out.text);
    CHECK(out.status == 0);
  }
}

TEST_CASE("end to end: the copy baseline is measured per parameter value, not once per size") {
  // planted_placement's copy takes 20 ms more when its last plan had copy_ms=20, as the nccl
  // plugin's copy changes with `gpus`: each row must be set against its own copy.
  const fs::path dir = scratch("copy_per_params");
  const fs::path cfg =
      write(dir, "c.yaml",
            planted_config(dir, "planted_placement") +
                "benchmarks:\n  - {operation: scan, types: [i32], sizes: [4096], "
                "params: {copy_ms: [0, 20]}}\n");
  const run_output out = run_runner(cfg.string());
  INFO(out.text);
  REQUIRE(out.status == 0);
  const json j = read_json(dir / "r.json");
  REQUIRE(j["records"].size() == 2);
  for (const json& r : j["records"]) {
    const double copy = r["copy_time_s"]["median"].get<double>();
    const std::int64_t copy_ms = r["params"]["copy_ms"].get<std::int64_t>();
    CAPTURE(copy_ms, copy);
    if (copy_ms == 20)
      CHECK(copy >= 0.019);
    else
      CHECK(copy < 0.010);
  }
}
