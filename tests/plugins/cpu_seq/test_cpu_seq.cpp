#include <string>

#include "arrays.hpp"
#include "parprim/host/in_place_quicksort.hpp"
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

TEST_CASE("cpu_seq: keys-only sorts split without a count give the oracle's answer") {
  // Keys that differ in their top bit are split by it with no count before (cpu_sort.md step
  // 21) where the chunks come to 1 KiB or more: these sizes take chunks of 512 (64-bit keys)
  // and 1024 keys (32-bit). Uniform and sorted keys, and skewed ones (3% one key: a bucket
  // sorted in place after the split), both orders, each key width.
  const plugin_client client = test::built_plugin("cpu_seq");
  const std::uint64_t seed = 20261128;
  for (std::int64_t bits : {8, 11})
    for (parprim_dtype t : {PARPRIM_U32, PARPRIM_I64, PARPRIM_F32})
      for (const distribution d : {distribution::uniform, distribution::sorted})
        for (const std::uint64_t repeated : {0, 3}) {
          if (d == distribution::sorted && repeated > 0) continue;
          const std::uint64_t n =
              (std::uint64_t{bits == 8 ? 1u : 8u} << 18) / (dtype_size(t) / 4) + 7;
          host_array in = generate(t, d, n, seed);
          test::repeat_first_element(in, repeated);
          problem p;
          p.operation = PARPRIM_OP_SORT;
          p.dtype = t;
          p.variant = "radix";
          p.sort_order = repeated ? PARPRIM_SORT_DESCENDING : PARPRIM_SORT_ASCENDING;
          p.params["radix_bits"] = bits;
          CAPTURE(bits, to_string(t), std::string(to_string(d)), repeated, n, seed);
          CHECK_FALSE(test::check_input_against_oracle(client, p, in));
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
  CHECK(std::string(device).rfind("one thread; " + host::vector_paths() + host::in_place_path(), 0) ==
        0);
}
