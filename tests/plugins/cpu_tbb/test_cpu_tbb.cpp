#include <fstream>

#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("cpu_tbb: every thread count gives the oracle's answer") {
  const plugin_client client = test::built_plugin("cpu_tbb");
  for (std::int64_t threads : {1, 2, 3, 8}) {
    for (parprim_operation op : all_operations) {
      problem p;
      p.operation = op;
      p.dtype = PARPRIM_I32;
      p.scan_kind = PARPRIM_SCAN_INCLUSIVE;
      p.params["threads"] = threads;
      const std::uint64_t seed = 11;
      CAPTURE(threads, p.describe(), seed);
      // Larger than a few of the 128 KiB parts, so that parts chain across threads.
      CHECK_FALSE(test::check_against_oracle(client, p, 1000003, distribution::small, seed));
    }
  }
}

TEST_CASE("cpu_tbb: tbb_parallel_sort is offered for integer keys only") {
  const plugin_client client = test::built_plugin("cpu_tbb");
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.variant = "tbb_parallel_sort";
  p.dtype = PARPRIM_F32;
  CHECK(client.unsupported_reason(p) == "tbb_parallel_sort does not offer f32");
  p.sort_payload = PARPRIM_SORT_PAIRS;
  p.dtype = PARPRIM_I32;
  CHECK(client.unsupported_reason(p) == "tbb_parallel_sort does not offer pairs ascending");
}

TEST_CASE("cpu_tbb: the runner exits cleanly after TBB's workers ran, every time") {
  // TBB's worker threads are still alive when the process exits; a plugin that lets the
  // library's teardown race with them crashes at exit now and then, so try several times.
  const auto dir = std::filesystem::temp_directory_path() / "parprim_test_cpu_tbb_exit";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "c.yaml") << "backends: [cpu_tbb]\n"
                                   "measurement: {warmup: 0, min_samples: 1, max_samples: 2, "
                                   "min_time: 0.0001, max_time: 0.05}\n"
                                   "benchmarks:\n  - {operation: scan, sizes: [300000]}\n  - "
                                   "{operation: sort, sizes: [300000]}\n";
  for (int i = 0; i < 5; ++i) {
    const auto [status, text] =
        test::run_command(std::string(PARPRIM_RUNNER_EXE) + " " + (dir / "c.yaml").string() +
                          " --no-console --no-progress");
    INFO(text);
    REQUIRE(status == 0);
  }
}
