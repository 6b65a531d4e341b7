// The host side of the ABI, exercised through the real cpu_seq plugin.
#include <catch2/catch.hpp>

#include <filesystem>

#include "arrays.hpp"
#include "parprim/plugin_client.hpp"

using namespace parprim;

namespace {
const loaded_plugin& cpu_seq() {
  return load_plugin(std::filesystem::path(PARPRIM_TEST_PLUGIN_DIR) / "parprim_plugin_cpu_seq.so");
}
}  // namespace

TEST_CASE("plugin_client: declared variants and support") {
  plugin_client client(cpu_seq());
  CHECK(client.name() == "cpu_seq");
  const auto sorts = client.variants(PARPRIM_OP_SORT);
  // The fourth, Highway's VQSort, only where libhwy-dev was found at build time.
  REQUIRE((sorts.size() == 3 || sorts.size() == 4));
  CHECK(std::string(sorts[0]->name) == "radix");
  CHECK(std::string(sorts[1]->name) == "std");
  CHECK(std::string(sorts[2]->name) == "pdqsort_branchless");
  if (sorts.size() == 4) CHECK(std::string(sorts[3]->name) == "vqsort");
  problem p;
  p.operation = PARPRIM_OP_SORT;
  CHECK(client.unsupported_reason(p).empty());
  p.variant = "bogo";
  CHECK(client.unsupported_reason(p) == "no sort variant 'bogo'");
}

TEST_CASE("plugin_client: the glue rejects undeclared problems and parameters") {
  plugin_client client(cpu_seq());
  problem p;
  p.variant = "nonexistent";
  CHECK_THROWS_WITH(client.create_plan(p, 4),
                    "cpu_seq: create_plan failed (unsupported): cpu_seq: no variant "
                    "'nonexistent' of scan");
  p.variant.clear();
  p.params["radix_bits"] = 8;  // a parameter of the radix sort, not of the scan
  CHECK_THROWS_WITH(client.create_plan(p, 4),
                    "cpu_seq: create_plan failed (invalid argument): cpu_seq/sequential: "
                    "unknown parameter 'radix_bits'");
  p.operation = PARPRIM_OP_SORT;
  p.params["warp_speed"] = 9;
  CHECK_THROWS_WITH(client.create_plan(p, 4),
                    "cpu_seq: create_plan failed (invalid argument): cpu_seq/radix: unknown "
                    "parameter 'warp_speed'");
  p.params.erase("warp_speed");
  p.params["radix_bits"] = 7;
  p.operation = PARPRIM_OP_SORT;
  CHECK_THROWS_WITH(client.create_plan(p, 4),
                    "cpu_seq: create_plan failed (invalid argument): cpu_seq: parameter "
                    "radix_bits does not allow 7");
}

TEST_CASE("plugin_client: run_once uploads, runs, downloads and checks the input") {
  plugin_client client(cpu_seq());
  problem p;
  p.operation = PARPRIM_OP_COMPACT;
  p.dtype = PARPRIM_U32;
  const auto in = test::make_array<std::uint32_t>({0, 1, 0, 2, 3});
  const auto r = run_once(client, p, in, nullptr);
  CHECK(r.count == 3);
  CHECK(test::to_vector<std::uint32_t>(r.out, 3) == std::vector<std::uint32_t>{1, 2, 3});
  CHECK(r.input_unchanged);
}

TEST_CASE("plugin_client: the timer measures something") {
  plugin_client client(cpu_seq());
  client.timer_start();
  volatile double x = 0;
  for (int i = 0; i < 100000; ++i) x = x + i;
  client.timer_stop();
  const double t = client.timer_elapsed();
  CHECK(t > 0);
  CHECK(t < 10);
}
