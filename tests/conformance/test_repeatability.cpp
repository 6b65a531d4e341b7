// Repeatability: the single-pass (look-back) kernels hand work between blocks through memory,
// so a race there shows as a result that is right most times and wrong once in a while. This
// check runs each integer scan and compaction many times on one odd-sized input (default 1000
// runs at 2^24 + 7, --repeat-runs, --repeat-size): the first run is validated against the
// oracle, and every later one must give the very same bits (output and count). The outputs are
// refilled with the poison on the device before each run, so a run that leaves elements
// unwritten cannot pass on the previous run's results.
//
// Hidden ([.repeatability]): it is slow, and it is asked for by name on the GPU machine
// (scripts/gpu_run.sh repeat) and, with few runs, by tests/conformance/test_repeatability_check.
#include <catch2/catch.hpp>

#include <cstring>
#include <iostream>
#include <string>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_plugins.hpp"
#include "parprim/generators.hpp"
#include "parprim/reference.hpp"
#include "parprim/validate.hpp"

using namespace parprim;
using namespace parprim::conformance;

namespace {

/// The first element at which two outputs differ, as text.
std::string first_difference(const host_array& a, const host_array& b) {
  const std::uint64_t size = a.bytes() / a.size();
  for (std::uint64_t i = 0; i < a.size(); ++i)
    if (std::memcmp(static_cast<const char*>(a.data()) + i * size,
                    static_cast<const char*>(b.data()) + i * size, size) != 0)
      return "element " + std::to_string(i);
  return "no element";
}

/// Runs one problem `runs` times on one input; fails at the first run that differs from run 1.
void check_repeatable(const plugin_client& client, const problem& p, distribution d,
                      const repeat_settings& r) {
  const std::uint64_t seed = case_seed(r.n, d, p.dtype);
  const std::string key = client.name() + "/" + p.variant + " " + p.describe() + " " +
                          std::string(to_string(d)) + " n=" + std::to_string(r.n) +
                          " seed=" + std::to_string(seed);
  CAPTURE(key);
  note_case("the suite's own input and reference for " + key);
  const host_array in = generate(p.dtype, d, r.n, seed);
  const reference_output expected = compute_reference(p, in, nullptr);

  note_case(key + ", run 1");
  const problem_buffers buffers = prepare_buffers(client, p, in, nullptr);
  const plugin_plan plan = client.create_plan(p, r.n);
  const run_result first = validation_run(client, plan, buffers, p, in);
  const auto m = validate(p, in, expected, first.output());
  if (m) {
    FAIL_CHECK("run 1: " << m->describe());
    return;
  }
  REQUIRE(first.input_unchanged);

  const std::uint64_t bytes = in.bytes();
  const bool compact = p.operation == PARPRIM_OP_COMPACT;
  host_array poison(p.dtype, r.n), again(p.dtype, r.n);
  std::memset(poison.data(), output_poison, bytes);
  const plugin_buffer poison_on_device = client.allocate(bytes);
  if (bytes) client.upload(poison_on_device, poison.data(), bytes);
  std::uint64_t count = 0;
  for (std::uint64_t run = 2; run <= r.runs; ++run) {
    if (run % 50 == 0) note_case(key + ", run " + std::to_string(run));
    if (bytes) client.copy(buffers.out, poison_on_device, bytes);
    if (compact) {
      std::memset(&count, output_poison, sizeof count);
      client.upload(buffers.count, &count, sizeof count);
    }
    client.run(plan, buffers.io());
    client.synchronize();
    if (bytes) client.download(again.data(), buffers.out, bytes);
    if (compact) client.download(&count, buffers.count, sizeof count);
    if (compact && count != first.count) {
      FAIL_CHECK("run " << run << " of " << r.runs << ": count " << count << ", run 1 counted "
                        << first.count);
      return;
    }
    if (bytes && std::memcmp(again.data(), first.out.data(), bytes) != 0) {
      FAIL_CHECK("run " << run << " of " << r.runs << " differs from run 1 at "
                        << first_difference(first.out, again));
      return;
    }
  }
  std::cout << "repeatability: " << key << ": " << r.runs << " runs, the same bits\n";
}

}  // namespace

TEST_CASE("repeatability: integer scan and compaction give the same bits run after run",
          "[.repeatability]") {
  const plugin_set& set = plugins_under_test();
  const repeat_settings r = chosen_repeat_settings();
  for (parprim_operation op : {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT})
    // Both look-back state layouts: values of 4 bytes (one word) and of 8 (kind, then value).
    for (parprim_dtype dtype : {PARPRIM_I32, PARPRIM_I64})
      for (const problem& form : forms(op, dtype))
        for (const plugin_client& client : set.available)
          for (const variant* v : client.variants(op)) {
            if (!variant_chosen(v->name)) continue;
            problem p = form;
            p.variant = v->name;
            apply_chosen_params(*v, p);
            if (!client.unsupported_reason(p).empty()) continue;
            // Compaction: ~25% zeros, so every tile keeps a different count.
            check_repeatable(
                client, p, op == PARPRIM_OP_SCAN ? distribution::uniform : distribution::small, r);
          }
}
