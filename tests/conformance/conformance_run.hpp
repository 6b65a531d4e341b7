// One input run on every plugin variant that declares a form, checked against the oracle: the
// step every conformance test case repeats (test_conformance.cpp over the generators'
// distributions and sizes, test_conformance_utf8.cpp over its named UTF-8 inputs). Each run is a
// case of the ledger (conformance_ledger.hpp).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "parprim/host_array.hpp"
#include "parprim/plugin_client.hpp"
#include "parprim/problem.hpp"

namespace parprim::conformance {

/// A plugin variant that declares a form, with whether --params chose some of its parameters
/// (a shape it then refuses as UNSUPPORTED, too large for shared memory say, is skipped), and
/// whether it sorts keys >= 0 only (key_domain.hpp).
struct subject {
  const plugin_client* client;
  problem p;
  bool chosen_params;
  bool nonnegative_keys;
};

/// The plugin variants under test that declare `form` (with --variants and --params applied).
std::vector<subject> subjects_for(const problem& form);

/// The input a case runs on: its class (a distribution, or a UTF-8 input's name), size and seed.
struct input_label {
  std::string input;
  std::uint64_t n = 0;
  std::uint64_t seed = 0;
};

/// Whether the input `where` of `form` is still to be run on some subject (false in a child
/// that resumes after a crash, for the inputs before it): the input need not be made.
bool input_pending(const std::vector<subject>& subjects);

/// Runs `in` (and the sort values) on each subject, checks the result against the oracle and
/// records each case in the ledger. A subject that sorts keys >= 0 only is given `in` with its
/// keys' sign bits cleared, checked against that input's own reference. Catch2 reports the first
/// failure of each (plugin, variant, form), recorded in `reported`; the later ones are run and
/// recorded all the same, for the report's matrix.
void check_input(const std::vector<subject>& subjects, const problem& form, const host_array& in,
                 const host_array* values, const input_label& where,
                 std::set<std::string>& reported);

}  // namespace parprim::conformance
