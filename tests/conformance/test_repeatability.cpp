// Repeatability: the single-pass (look-back) kernels hand work between blocks through memory,
// so a race there shows as a result that is right most times and wrong once in a while. This
// check runs each integer scan and compaction, and each UTF-8 operation and form, many times on
// one odd-sized input (default 1000 runs at 2^24 + 7, --repeat-runs, --repeat-size): the first
// run is validated against the oracle, and every later one must give the very same bits
// (output, count, and the first error's offset). The outputs are
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
#include "parprim/utf8/text.hpp"
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

/// Runs one problem `runs` times on one input; fails at the first run that differs from run 1
/// in its output, its count or its first error's offset.
void check_repeatable(const plugin_client& client, const problem& p, const host_array& in,
                      const std::string& input_name, std::uint64_t runs) {
  const std::string key =
      client.name() + "/" + p.variant + " " + p.describe() + " " + input_name;
  CAPTURE(key);
  note_case("the suite's own input and reference for " + key);
  const reference_output expected = compute_reference(p, in, nullptr);

  note_case(key + ", run 1");
  const problem_buffers buffers = prepare_buffers(client, p, in, nullptr);
  const plugin_plan plan = client.create_plan(p, in.size());
  const run_result first = validation_run(client, plan, buffers, p, in);
  const auto m = validate(p, in, expected, first.output());
  if (m) {
    FAIL_CHECK("run 1: " << m->describe());
    return;
  }
  REQUIRE(first.input_unchanged);

  const std::uint64_t bytes = p.output_bytes(in.size());
  host_array poison(p.output_dtype(), p.output_capacity(in.size())),
      again(p.output_dtype(), p.output_capacity(in.size()));
  std::memset(poison.data(), output_poison, bytes);
  const plugin_buffer poison_on_device = client.allocate(bytes);
  if (bytes) client.upload(poison_on_device, poison.data(), bytes);
  std::uint64_t count = 0, first_error = 0;
  auto poison_word = [&](std::uint64_t& word, const plugin_buffer& on_device) {
    std::memset(&word, output_poison, sizeof word);
    client.upload(on_device, &word, sizeof word);
  };
  for (std::uint64_t run = 2; run <= runs; ++run) {
    if (run % 50 == 0) note_case(key + ", run " + std::to_string(run));
    if (bytes) client.copy(buffers.out, poison_on_device, bytes);
    if (p.has_count()) poison_word(count, buffers.count);
    if (p.is_validation()) poison_word(first_error, buffers.first_error);
    client.run(plan, buffers.io());
    client.synchronize();
    if (bytes) client.download(again.data(), buffers.out, bytes);
    if (p.has_count()) client.download(&count, buffers.count, sizeof count);
    if (p.is_validation()) client.download(&first_error, buffers.first_error, sizeof first_error);
    if (p.has_count() && count != first.count) {
      FAIL_CHECK("run " << run << " of " << runs << ": count " << count << ", run 1 counted "
                        << first.count);
      return;
    }
    if (p.is_validation() && first_error != first.first_error) {
      FAIL_CHECK("run " << run << " of " << runs << ": first error at " << first_error
                        << ", run 1 at " << first.first_error);
      return;
    }
    if (bytes && std::memcmp(again.data(), first.out.data(), bytes) != 0) {
      FAIL_CHECK("run " << run << " of " << runs << " differs from run 1 at "
                        << first_difference(first.out, again));
      return;
    }
  }
  std::cout << "repeatability: " << key << ": " << runs << " runs, the same bits\n";
}

/// Every chosen variant of every available plugin that declares `form`, with its chosen
/// parameters, and that takes the problem.
template <class Fn>
void for_each_subject(parprim_operation op, const problem& form, Fn&& fn) {
  for (const plugin_client& client : plugins_under_test().available)
    for (const variant* v : client.variants(op)) {
      if (!variant_chosen(v->name)) continue;
      problem p = form;
      p.variant = v->name;
      apply_chosen_params(*v, p);
      if (!client.unsupported_reason(p).empty()) continue;
      fn(client, p);
    }
}

}  // namespace

TEST_CASE("repeatability: integer scan and compaction give the same bits run after run",
          "[.repeatability]") {
  const repeat_settings r = chosen_repeat_settings();
  for (parprim_operation op : {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT})
    // Both look-back state layouts: values of 4 bytes (one word) and of 8 (kind, then value).
    for (parprim_dtype dtype : {PARPRIM_I32, PARPRIM_I64})
      for (const problem& form : forms(op, dtype)) {
        // Compaction: ~25% zeros, so every tile keeps a different count.
        const distribution d = op == PARPRIM_OP_SCAN ? distribution::uniform : distribution::small;
        const std::uint64_t seed = case_seed(r.n, d, dtype);
        const host_array in = generate(dtype, d, r.n, seed);
        const std::string name = std::string(to_string(d)) + " n=" + std::to_string(r.n) +
                                 " seed=" + std::to_string(seed);
        for_each_subject(op, form, [&](const plugin_client& client, const problem& p) {
          check_repeatable(client, p, in, name, r.runs);
        });
      }
}

TEST_CASE("repeatability: UTF-8 decoding in both forms and encoding give the same bits",
          "[.repeatability]") {
  // Mixed text with 1% errors: every unit length and every replaced class, so that units and
  // subparts fall across every tile edge; n bytes to decode, n code points to encode.
  const repeat_settings r = chosen_repeat_settings();
  const std::uint64_t seed = 20261126;
  const std::string name = "mixed errors=1e-2 n=" + std::to_string(r.n) +
                           " seed=" + std::to_string(seed);
  for (parprim_operation op : {PARPRIM_OP_UTF8_DECODE, PARPRIM_OP_UTF8_ENCODE}) {
    const parprim_dtype dtype = utf8_input_dtype(op);
    host_array in(dtype, r.n);
    if (op == PARPRIM_OP_UTF8_DECODE) {
      const auto text = utf8::generate_text(utf8::text_mix::mixed, r.n, 1e-2, seed);
      std::memcpy(in.data(), text.data(), text.size());
    } else {
      const auto code_points = utf8::generate_code_points(utf8::text_mix::mixed, r.n, 1e-2, seed);
      std::memcpy(in.data(), code_points.data(), code_points.size() * sizeof code_points[0]);
    }
    for (const problem& form : forms(op, dtype))
      for_each_subject(op, form, [&](const plugin_client& client, const problem& p) {
        check_repeatable(client, p, in, name, r.runs);
      });
  }
}
