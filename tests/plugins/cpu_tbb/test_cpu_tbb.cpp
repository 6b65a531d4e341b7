#include <cstring>
#include <fstream>
#include <string>

#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#include "parprim/host/vector_paths.hpp"
#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("cpu_tbb: every thread count gives the oracle's answer") {
  const plugin_client client = test::built_plugin("cpu_tbb");
  for (std::int64_t threads : {1, 2, 3, 8}) {
    for (parprim_operation op : array_operations) {
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

TEST_CASE("cpu_tbb: UTF-8 outputs large enough to be streamed give the oracle's answer") {
  // Past 8 Mi bytes (decode) or code points (encode) the output's bound passes 32 MiB and the
  // parts' buffers are placed with streaming stores (worker_buffers.hpp); below, plainly. Odd
  // sizes, so that parts' outputs start and end inside cache lines.
  const plugin_client client = test::built_plugin("cpu_tbb");
  for (std::int64_t threads : {1, 3}) {
    for (const std::uint64_t n : {std::uint64_t{(8u << 20) + 12347}, std::uint64_t{100003}}) {
      for (const distribution d : {distribution::text_cjk, distribution::text_mixed}) {
        const std::uint64_t seed = 20261127;
        problem decode;
        decode.operation = PARPRIM_OP_UTF8_DECODE;
        decode.dtype = PARPRIM_U8;
        decode.params["threads"] = threads;
        problem encode = decode;
        encode.operation = PARPRIM_OP_UTF8_ENCODE;
        encode.dtype = PARPRIM_U32;
        CAPTURE(threads, n, std::string(to_string(d)), seed);
        CHECK_FALSE(test::check_input_against_oracle(client, decode,
                                                     generate(PARPRIM_U8, d, n, seed, 1e-2)));
        CHECK_FALSE(test::check_input_against_oracle(client, encode,
                                                     generate(PARPRIM_U32, d, n, seed, 1e-2)));
      }
    }
  }
}

TEST_CASE("cpu_tbb: the radix sort splits a bucket too large for one thread again, in parallel") {
  // Nine keys in ten are one key, so the first parallel split leaves one bucket of ~950000
  // keys, more than one thread sorts alone (4 cache sorts: 262144 u32 keys, 131072 pairs or
  // 8-byte keys): every thread splits it again (and its equal keys are then copied), while the
  // other buckets are sorted one per thread.
  const plugin_client client = test::built_plugin("cpu_tbb");
  for (parprim_dtype t : {PARPRIM_U32, PARPRIM_I64, PARPRIM_F32}) {
    const std::uint64_t n = 1048579, seed = 29;
    const host_array uniform = generate(t, distribution::uniform, n, seed);
    host_array in = generate(t, distribution::uniform, n, seed + 1);
    const std::size_t size = dtype_size(t);
    auto* bytes = static_cast<std::byte*>(in.data());
    const auto* common = static_cast<const std::byte*>(uniform.data());
    for (std::uint64_t i = 0; i < n; ++i)  // one key in ten its own, the others all one key
      if (i % 10) std::memcpy(bytes + i * size, common, size);
    for (std::int64_t threads : {1, 2, 3, 8})
      for (auto payload : {PARPRIM_SORT_KEYS, PARPRIM_SORT_PAIRS}) {
        problem p;
        p.operation = PARPRIM_OP_SORT;
        p.dtype = t;
        p.sort_payload = payload;
        p.sort_order = threads % 2 ? PARPRIM_SORT_DESCENDING : PARPRIM_SORT_ASCENDING;
        p.params["threads"] = threads;
        CAPTURE(to_string(t), threads, p.describe(), seed);
        CHECK_FALSE(test::check_input_against_oracle(client, p, in));
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

TEST_CASE("cpu_tbb: its description names the vector paths this CPU runs") {
  // The results' context keeps it, so a table read later says which code ran (issue 35).
  const std::string paths = host::vector_paths();
  CHECK(paths.find("UTF-8 vector path " +
                   std::string(host::utf8::to_string(host::utf8::best_isa()))) == 0);
  // The cache sort's digits: said where they stay wide (cpu_sort.md step 39).
  CHECK((paths.find("widest digits up to the cache sort's capacity") != std::string::npos) ==
        !host::cache_sort_narrows_digits_here());
  const char* device = test::built_plugin("cpu_tbb").descriptor().device_description();
  REQUIRE(device);
  const std::string said = device,
                    tail = " hardware threads; " + paths + host::parallel_in_place_path() +
                           host::parallel_split_without_count_path();
  REQUIRE(said.size() > tail.size());
  CHECK(said.compare(said.size() - tail.size(), tail.size(), tail) == 0);
  CHECK((said.find("split with no count") != std::string::npos) ==
        (host::parallel_split_without_count_max_threads_here() > 0));
}
