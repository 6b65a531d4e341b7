// One input run on every plugin variant that declares a form, checked against the oracle: the
// step every conformance test case repeats (test_conformance.cpp over the generators'
// distributions and sizes, test_conformance_utf8.cpp over its named UTF-8 inputs).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "parprim/host_array.hpp"
#include "parprim/plugin_client.hpp"
#include "parprim/problem.hpp"
#include "parprim/reference.hpp"

namespace parprim::conformance {

/// A plugin variant that declares a form, with whether --params chose some of its parameters
/// (a shape it then refuses as UNSUPPORTED, too large for shared memory say, is skipped).
struct subject {
  const plugin_client* client;
  problem p;
  bool chosen_params;
};

/// The plugin variants under test that declare `form` (with --variants and --params applied).
std::vector<subject> subjects_for(const problem& form);

/// Runs `in` (and the sort values) on each subject and checks the result against `expected`.
/// `where` names the input in messages; after a first failure a (plugin, variant, form) is
/// recorded in `failed` and not run again, so one bug gives one report instead of hundreds.
void check_subjects(const std::vector<subject>& subjects, const host_array& in,
                    const host_array* values, const reference_output& expected,
                    const std::string& where, std::set<std::string>& failed);

}  // namespace parprim::conformance
