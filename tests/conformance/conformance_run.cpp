#include "conformance_run.hpp"

#include <catch2/catch.hpp>

#include <iostream>
#include <optional>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_plugins.hpp"
#include "conformance_tally.hpp"
#include "parprim/validate.hpp"

namespace parprim::conformance {

std::vector<subject> subjects_for(const problem& form) {
  std::vector<subject> subjects;
  for (const plugin_client& client : plugins_under_test().available)
    for (const variant* v : client.variants(form.operation)) {
      if (!variant_chosen(v->name)) continue;
      problem p = form;
      p.variant = v->name;
      const bool chosen = apply_chosen_params(*v, p);
      if (client.unsupported_reason(p).empty()) subjects.push_back({&client, p, chosen});
    }
  return subjects;
}

void check_subjects(const std::vector<subject>& subjects, const host_array& in,
                    const host_array* values, const reference_output& expected,
                    const std::string& where, std::set<std::string>& failed) {
  for (const auto& s : subjects) {
    const plugin_client& client = *s.client;
    const problem& p = s.p;
    const std::string variant = client.name() + "/" + p.variant;
    const std::string key = variant + " " + p.describe();
    if (failed.count(key)) continue;
    std::string params;
    for (const auto& [name, value] : p.params)
      params += (params.empty() ? "" : " ") + name + "=" + std::to_string(value);
    CAPTURE(client.name(), p.variant, params, where);
    note_case(client.name() + "/" + p.variant + " " + where);
    run_result got;
    std::optional<mismatch> m;
    try {
      got = run_once(client, p, in, values);
      m = validate(p, in, expected, got.output());
    } catch (const plugin_error& e) {
      failed.insert(key);
      if (s.chosen_params && e.status() == PARPRIM_UNSUPPORTED) {
        std::cout << "conformance: skipped " << key << " at " << params << ": " << e.what()
                  << "\n";
        continue;
      }
      tally_case(variant, false);
      FAIL_CHECK(e.what());
      continue;
    } catch (const std::exception& e) {
      failed.insert(key);
      tally_case(variant, false);
      FAIL_CHECK(e.what());
      continue;
    }
    if (m || !got.input_unchanged) failed.insert(key);
    tally_case(variant, !m && got.input_unchanged);
    CHECK(got.input_unchanged);
    if (m) FAIL_CHECK(m->describe());
  }
}

}  // namespace parprim::conformance
