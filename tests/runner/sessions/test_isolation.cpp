// Isolation end to end (docs/isolation.md): plugins that crash, abort, exit, hang, throw or
// abort while loading cost their own state, never the run; records reach the disk as they are
// made; a killed sweep resumes to the same records; Ctrl-C stops the workers and keeps what
// exists.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <thread>

#include "parprim/isolation/child_process.hpp"
#include "runner_process.hpp"

using namespace parprim::runner::test;
namespace iso = parprim::isolation;

namespace {

std::size_t line_count(const fs::path& path) {
  std::ifstream f(path);
  std::size_t lines = 0;
  for (std::string line; std::getline(f, line);) lines += !line.empty();
  return lines;
}

// The runner started in the background, its output in dir/out.txt.
struct background_runner {
  int output_fd;
  iso::child_process child;
  background_runner(const fs::path& dir, std::vector<std::string> args)
      : output_fd(open_output(dir)), child(spec(output_fd, std::move(args))) {}
  ~background_runner() { close(output_fd); }

  static int open_output(const fs::path& dir) {
    return ::open((dir / "out.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  }
  static iso::child_spec spec(int fd, std::vector<std::string> args) {
    iso::child_spec s;
    s.executable = PARPRIM_RUNNER_EXE;
    s.args = std::move(args);
    s.output_fd = fd;
    return s;
  }
};

// Waits (up to 60 s) until `done` holds.
template <class Done>
bool eventually(Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

std::string read_text(const fs::path& path) {
  std::ifstream f(path);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("isolation: each fault of a plugin costs its own state, nothing else is lost") {
  const fs::path dir = scratch("faults");
  const fs::path cfg =
      write(dir, "c.yaml",
            planted_config(dir, "planted_faults, cpu_seq") +
                "isolation: {timeout_s: 1, timeout_ns_per_element: 0}\n"
                "benchmarks:\n  - {operation: scan, types: [i32], sizes: [50, 1001, 2000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 1);  // a backend failed
  const json j = read_json(dir / "r.json");
  CHECK(j["complete"] == true);
  CHECK(j["context"]["isolation"] == "process");

  const std::map<std::string, std::string> expected_reason = {
      {"segv", "crashed: signal 11 (SIGSEGV)"},
      {"abort", "aborted (SIGABRT)"},
      {"exit", "the plugin called exit(1)"},
      {"hang", "no answer within 1 s: stopped"},
      {"throw", "planted_faults: run failed (error): planted: thrown from run"}};
  int healthy_ok = 0, faulty_ok = 0, faulty_failed = 0;
  for (const auto& r : j["records"]) {
    CAPTURE(r.dump());
    if (r["backend"] == "cpu_seq") {
      CHECK(r["status"] == "ok");
      CHECK(r["time_s"]["median"].get<double>() > 0);
      healthy_ok += r["status"] == "ok";
      continue;
    }
    const std::string variant = r["variant"];
    if (r["n"] == 50) {
      CHECK(r["status"] == "ok");  // below its fault, each variant is a correct scan
      ++faulty_ok;
      continue;
    }
    CHECK(r["status"] == "failed");
    CHECK(r["reason"] == expected_reason.at(variant));
    CHECK(r["time_s"].is_null());
    ++faulty_failed;
    if (variant == "segv" || variant == "abort" || variant == "exit")
      CHECK(r["worker_output"].get<std::string>().find("planted_faults: about to " + variant) !=
            std::string::npos);
    // The message names the plugin, variant, n and seed.
    CHECK(out.text.find("scan exclusive i32 n=" + std::to_string(r["n"].get<int>()) +
                        " uniform seed=" + std::to_string(r["seed"].get<std::uint64_t>()) +
                        ": planted_faults/" + variant + ": " + expected_reason.at(variant)) !=
          std::string::npos);
  }
  CHECK(healthy_ok == 3);
  CHECK(faulty_ok == 5);
  CHECK(faulty_failed == 10);
  // Every record also reached the log.
  CHECK(line_count(dir / "r.jsonl") == j["records"].size());
}

TEST_CASE("isolation: a library that aborts while loading is named, the other plugins run") {
  const fs::path dir = scratch("bad_init");
  const std::string expected =
      "parprim_plugin_planted_bad_static_init.so: cannot load: the "
      "library aborted while loading";
  SECTION("--list") {
    const run_output out =
        run_runner(std::string("--list --plugin-path ") + PARPRIM_BAD_INIT_PLUGIN_DIR);
    INFO(out.text);
    CHECK(out.status == 0);
    CHECK(out.text.find(expected) != std::string::npos);
    CHECK(out.text.find("cpu_seq 1.0.0 (ABI 1)") != std::string::npos);
  }
  SECTION("a sweep") {
    const fs::path cfg =
        write(dir, "c.yaml",
              std::string(quick_measurement) + "plugin_paths: [" + PARPRIM_BAD_INIT_PLUGIN_DIR +
                  "]\noutputs: {json: " + (dir / "r.json").string() +
                  "}\nbenchmarks:\n  - {operation: scan, types: [i32], sizes: [100]}\n");
    const run_output out = run_runner(cfg.string() + " --backends cpu_seq,cpu_tbb");
    INFO(out.text);
    CHECK(out.status == 0);
    CHECK(out.text.find(expected) != std::string::npos);
    const json j = read_json(dir / "r.json");
    REQUIRE(j["records"].size() == 2);
    for (const auto& r : j["records"]) CHECK(r["status"] == "ok");
  }
}

TEST_CASE("isolation: --no-isolation runs the plugins in the runner, with the same results") {
  const fs::path dir = scratch("in_process");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "cpu_seq, planted_off_by_one") +
                                 "benchmarks:\n  - {operation: scan, sizes: [50, 1000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-isolation");
  INFO(out.text);
  CHECK(out.status == 1);
  const json j = read_json(dir / "r.json");
  CHECK(j["context"]["isolation"] == "none");
  REQUIRE(j["records"].size() == 4);
  CHECK(j["records"][3]["first_mismatch"] == "element 0: expected 0, actual 1");
}

TEST_CASE(
    "isolation: mode both measures each backend in a worker, a second worker and the runner") {
  const fs::path dir = scratch("both");
  const fs::path cfg = write(dir, "c.yaml",
                             planted_config(dir, "cpu_seq, planted_off_by_one") +
                                 "isolation: {mode: both}\n"
                                 "benchmarks:\n  - {operation: scan, sizes: [50, 1000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 1);  // the planted bug, found every way
  const json j = read_json(dir / "r.json");
  CHECK(j["context"]["isolation"] == "both");
  const std::vector<std::string> order = {"cpu_seq",
                                          "cpu_seq:second-worker",
                                          "cpu_seq:in-process",
                                          "planted_off_by_one",
                                          "planted_off_by_one:second-worker",
                                          "planted_off_by_one:in-process"};
  const std::size_t per_state = order.size();
  REQUIRE(j["records"].size() == 2 * per_state);
  for (std::size_t i = 0; i < 2 * per_state; ++i) {
    const json& r = j["records"][i];
    INFO(r.dump());
    CHECK(r["backend"] == order[i % per_state]);
    CHECK(r["n"] == (i < per_state ? 50 : 1000));
    if (i % per_state < 3 || i < per_state) {  // the planted bug shows above n = 100
      CHECK(r["status"] == "ok");
      CHECK(r["time_s"]["median"].get<double>() > 0);
    } else {
      CHECK(r["first_mismatch"] == "element 0: expected 0, actual 1");
    }
  }
}

TEST_CASE("isolation: a sweep killed with SIGKILL resumes to the records of an uninterrupted run") {
  const fs::path dir = scratch("kill");
  const std::string body =
      "measurement: {warmup: 0, min_samples: 3, max_samples: 5, min_time: 0.02, max_time: 0.05}\n"
      "backends: [cpu_seq, planted_off_by_one]\nplugin_paths: [" +
      std::string(PARPRIM_PLANTED_PLUGIN_DIR) +
      "]\nbenchmarks:\n"
      "  - {operation: scan, types: [i32, f64], sizes: [64, 1000, 4096, 2^14, 2^15+1]}\n"
      "  - {operation: sort, types: [u32], sizes: [64, 1000, 4096, 2^14, 2^15+1]}\n";
  const fs::path whole =
      write(dir, "whole.yaml", body + "outputs: {json: " + (dir / "whole.json").string() + "}\n");
  const fs::path cut =
      write(dir, "cut.yaml", body + "outputs: {json: " + (dir / "cut.json").string() + "}\n");
  const run_output reference = run_runner(whole.string() + " --no-console");
  REQUIRE(reference.status == 1);  // the planted backend fails above 100 elements
  const json expected = read_json(dir / "whole.json");
  const std::size_t total = expected["records"].size();

  {
    background_runner running(dir, {cut.string(), "--no-console", "--no-progress"});
    REQUIRE(eventually([&] {
      return fs::exists(dir / "cut.json") && line_count(dir / "cut.jsonl") >= total / 2;
    }));
    REQUIRE(!running.child.try_wait());  // halfway, not done
    kill(running.child.pid(), SIGKILL);
  }
  // What the kill left is a whole results file, marked incomplete.
  const json left = read_json(dir / "cut.json");
  CHECK(left["complete"] == false);
  CHECK(left["records"].size() < total);
  CHECK(line_count(dir / "cut.jsonl") < total);

  const run_output resumed =
      run_runner(cut.string() + " --no-console --resume " + (dir / "cut.json").string());
  INFO(resumed.text);
  CHECK(resumed.status == 1);
  const json done = read_json(dir / "cut.json");
  CHECK(done["complete"] == true);
  REQUIRE(done["records"].size() == total);
  for (std::size_t i = 0; i < total; ++i) {
    const auto& a = expected["records"][i];
    const auto& b = done["records"][i];
    CAPTURE(i, a.dump(), b.dump());
    for (const char* key : {"benchmark", "operation", "form", "type", "variant", "n", "seed",
                            "backend", "status", "reason", "first_mismatch", "kept"})
      CHECK(a.value(key, json()) == b.value(key, json()));
    CHECK(a["time_s"].is_null() == b["time_s"].is_null());
  }
}

TEST_CASE("isolation: Ctrl-C stops the workers and writes what exists") {
  const fs::path dir = scratch("interrupt");
  const fs::path cfg =
      write(dir, "c.yaml",
            planted_config(dir, "cpu_seq, planted_faults") +
                "benchmarks:\n  - {operation: scan, types: [i32], sizes: [50, 2000], "
                "variants: [sequential, hang]}\n");
  background_runner running(dir, {cfg.string(), "--no-progress"});
  // cpu_seq and the hang variant at 50, cpu_seq at 2000: then the worker hangs.
  REQUIRE(eventually([&] { return line_count(dir / "r.jsonl") >= 3; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto sent = std::chrono::steady_clock::now();
  kill(running.child.pid(), SIGINT);
  const auto ended = running.child.wait_for(std::chrono::seconds(30));
  REQUIRE(ended);
  CHECK(std::chrono::steady_clock::now() - sent < std::chrono::seconds(5));
  CHECK(!ended->signaled);
  CHECK(ended->code == 130);
  const std::string text = read_text(dir / "out.txt");
  INFO(text);
  CHECK(text.find("stopped by SIGINT after 3 records") != std::string::npos);
  CHECK(text.find("--resume " + (dir / "r.json").string()) != std::string::npos);
  const json j = read_json(dir / "r.json");
  CHECK(j["complete"] == false);
  CHECK(j["records"].size() == 3);
}

TEST_CASE("isolation: a plugin that writes junk into every descriptor costs only its own states") {
  const fs::path dir = scratch("sprays");
  const fs::path cfg = write(
      dir, "c.yaml",
      std::string(quick_measurement) + "plugin_paths: [" + PARPRIM_UNTRUSTED_PLUGIN_DIR +
          "]\nbackends: [planted_sprays_bytes, cpu_seq]\noutputs: {json: " +
          (dir / "r.json").string() +
          "}\nisolation: {timeout_s: 10, timeout_ns_per_element: 0}\n"
          "benchmarks:\n  - {operation: scan, types: [i32], sizes: [50, 2000, 3000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 1);  // the planted states failed; the run itself went to its end
  const json j = read_json(dir / "r.json");  // valid JSON, whatever was printed
  CHECK(j["complete"] == true);
  int healthy_ok = 0, planted_ok = 0, planted_failed = 0;
  for (const auto& r : j["records"]) {
    CAPTURE(r.dump());
    if (r["backend"] == "cpu_seq") {
      CHECK(r["status"] == "ok");
      healthy_ok += r["status"] == "ok";
      continue;
    }
    if (r["n"] == 50) {
      CHECK(r["status"] == "ok");  // the inputs it shares were not changed by its spraying
      ++planted_ok;
      continue;
    }
    CHECK(r["status"] == "failed");
    ++planted_failed;
    const std::string variant = r["variant"], reason = r["reason"];
    if (variant == "spray_then_crash" || variant == "spray_then_answer") {
      // The junk reaches the reply pipe before the crash or the answer: the reply is no message.
      CHECK(reason.find("a message of the worker that is no message of the runner's protocol "
                        "(its length field reads \"\\xFF\\xFE\\x00plant\")") != std::string::npos);
      CHECK(reason.find("the plugin may have written into the worker's reply pipe") !=
            std::string::npos);
      // Its output, made printable: the bytes can still be read off.
      const std::string output = r["worker_output"];
      CHECK(output.find("\\xFF\\xFE\\x00planted_sprays: \\xC0\\xAF\\xED\\xA0\\x80 {\"type\"") !=
            std::string::npos);
    } else {
      CHECK(variant == "junk_error");
      // Its message crossed the ABI as a C string (cut at the NUL); what is not UTF-8 in it is
      // U+FFFD in the record.
      CHECK(reason == "planted_sprays_bytes: run failed (error): \xEF\xBF\xBD\xEF\xBF\xBD");
    }
  }
  CHECK(healthy_ok == 3);
  CHECK(planted_ok == 3);
  CHECK(planted_failed == 6);
  // The log has every record too, one JSON line each.
  std::ifstream log(dir / "r.jsonl");
  std::size_t lines = 0;
  for (std::string line; std::getline(log, line); ++lines) CHECK_NOTHROW(json::parse(line));
  CHECK(lines == j["records"].size());
}

TEST_CASE("isolation: out of memory inside run() is that state's failure, when planned, a skip") {
  const fs::path dir = scratch("out_of_memory");
  const fs::path cfg = write(
      dir, "c.yaml",
      std::string(quick_measurement) + "plugin_paths: [" + PARPRIM_UNTRUSTED_PLUGIN_DIR +
          "]\nbackends: [planted_out_of_memory]\noutputs: {json: " + (dir / "r.json").string() +
          "}\nbenchmarks:\n  - {operation: scan, types: [i32], sizes: [1000]}\n");
  const run_output out = run_runner(cfg.string() + " --no-progress");
  INFO(out.text);
  CHECK(out.status == 1);
  const json doc = read_json(dir / "r.json");
  std::map<std::string, json> by_variant;
  for (const auto& r : doc["records"]) by_variant[r["variant"].get<std::string>()] = r;
  REQUIRE(by_variant.size() == 2);
  CHECK(by_variant["in_plan"]["status"] == "skipped");
  CHECK(by_variant["in_plan"]["reason"].get<std::string>().starts_with("out of memory: "));
  CHECK(by_variant["in_run"]["status"] == "failed");
  CHECK(by_variant["in_run"]["reason"].get<std::string>().starts_with(
      "out of memory in run(), after its plan and buffers were made: "));
}
