#include <string>

#include "parprim/host/vector_paths.hpp"
#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("cpu_seq: both digit widths of the radix sort match the oracle") {
  const plugin_client client = test::built_plugin("cpu_seq");
  for (std::int64_t bits : {8, 11})
    for (parprim_dtype t : {PARPRIM_I64, PARPRIM_F32}) {
      problem p;
      p.operation = PARPRIM_OP_SORT;
      p.dtype = t;
      p.variant = "radix";
      p.sort_payload = PARPRIM_SORT_PAIRS;
      p.sort_order = PARPRIM_SORT_DESCENDING;
      p.params["radix_bits"] = bits;
      const std::uint64_t seed = 77;
      CAPTURE(bits, to_string(t), seed);
      const distribution d = is_float(t) ? distribution::float_special : distribution::uniform;
      const auto m = test::check_against_oracle(client, p, 100003, d, seed);
      CHECK_FALSE(m.has_value());
    }
}

TEST_CASE("cpu_seq: a sort whose keys are all equal copies its input") {
  const plugin_client client = test::built_plugin("cpu_seq");
  problem p;
  p.operation = PARPRIM_OP_SORT;
  p.dtype = PARPRIM_U32;
  p.sort_payload = PARPRIM_SORT_PAIRS;
  CHECK_FALSE(test::check_against_oracle(client, p, 5000, distribution::all_equal, 3).has_value());
}

TEST_CASE("cpu_seq: its description names the vector paths this CPU runs") {
  // The results' context keeps it, so a table read later says which code ran (issue 35).
  const char* device = test::built_plugin("cpu_seq").descriptor().device_description();
  REQUIRE(device);
  CHECK(std::string(device).rfind("one thread; " + host::vector_paths(), 0) == 0);
}
