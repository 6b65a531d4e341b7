#include "conformance_run.hpp"

#include <catch2/catch.hpp>

#include <iostream>
#include <optional>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_ledger.hpp"
#include "conformance_plugins.hpp"
#include "parprim/key_domain.hpp"
#include "parprim/reference.hpp"
#include "parprim/validate.hpp"

namespace parprim::conformance {

namespace {

// Said once per variant and process: where its inputs differ from the other variants'.
void say_domain_once(const std::string& variant) {
  static std::set<std::string> said;
  if (!resuming() && said.insert(variant).second)
    std::cout << "conformance: " << variant
              << " sorts keys >= 0 only (its declared domain, as the course specifies its radix "
                 "sort): each input is given to it with its keys' sign bits cleared\n";
}

void check_subjects(const std::vector<const subject*>& subjects, const host_array& in,
                    const host_array* values, const reference_output& expected,
                    const input_label& where, std::set<std::string>& reported) {
  for (const subject* s : subjects) {
    const plugin_client& client = *s->client;
    const problem& p = s->p;
    case_record r;
    r.id = {0, client.name() + "/" + p.variant, p.describe(), where.input, where.n, where.seed};
    const auto ordinal = next_case();
    if (!ordinal) continue;  // an earlier child ran it
    r.id.ordinal = *ordinal;
    if (std::string why = not_run_reason(r.id); !why.empty()) {
      record_case({r.id, case_outcome::not_run, std::move(why)});
      continue;
    }
    const std::string key = r.id.variant + " " + r.id.form;
    std::string params;
    for (const auto& [name, value] : p.params)
      params += (params.empty() ? "" : " ") + name + "=" + std::to_string(value);
    const std::string where_text = r.id.text();
    CAPTURE(client.name(), p.variant, params, where_text);
    note_case(to_line(r));  // the breadcrumb names the case, should the child die in it
    // Catch2 reports a (variant, form)'s first failure, in whichever child met it.
    const bool report =
        !reported.count(key) && !failed_in_earlier_child(r.id.variant, r.id.form);
    try {
      const run_result got = run_once(client, p, in, values);
      const std::optional<mismatch> m = validate(p, in, expected, got.output());
      if (m || !got.input_unchanged) {
        r.outcome = case_outcome::wrong;
        r.detail = m ? m->describe() : "the input was changed";
      }
    } catch (const plugin_error& e) {
      if (s->chosen_params && e.status() == PARPRIM_UNSUPPORTED) {
        if (reported.insert(key + " unsupported").second)
          std::cout << "conformance: skipped " << key << " at " << params << ": " << e.what()
                    << "\n";
        continue;  // not a case: a shape the plugin refuses
      }
      r.outcome = case_outcome::error;
      r.detail = e.what();
    } catch (const std::exception& e) {
      r.outcome = case_outcome::error;
      r.detail = e.what();
    }
    // Each case's verdict is one Catch2 assertion, but for a (variant, form)'s failures after
    // its first: those are in the report's matrix, not repeated by Catch2.
    const bool passed = r.outcome == case_outcome::passed;
    if (passed || report) {
      INFO(r.detail);
      CHECK(passed);
    }
    if (!passed) reported.insert(key);
    record_case(r);
  }
}

}  // namespace

std::vector<subject> subjects_for(const problem& form) {
  std::vector<subject> subjects;
  for (const plugin_client& client : plugins_under_test().available)
    for (const variant* v : client.variants(form.operation)) {
      if (!variant_chosen(v->name)) continue;
      problem p = form;
      p.variant = v->name;
      const bool chosen = apply_chosen_params(*v, p);
      if (client.unsupported_reason(p).empty())
        subjects.push_back({&client, p, chosen, limits_keys_to_nonnegative(v->flags, p)});
    }
  return subjects;
}

bool input_pending(const std::vector<subject>& subjects) {
  return cases_pending(subjects.size());
}

void check_input(const std::vector<subject>& subjects, const problem& form, const host_array& in,
                 const host_array* values, const input_label& where,
                 std::set<std::string>& reported) {
  std::vector<const subject*> open, limited;
  for (const subject& s : subjects) (s.nonnegative_keys ? limited : open).push_back(&s);
  const bool outside = !limited.empty() && first_key_below_zero(in).has_value();
  std::optional<reference_output> expected;
  if (!open.empty() || (!limited.empty() && !outside))
    expected = compute_reference(form, in, values);
  if (!open.empty()) check_subjects(open, in, values, *expected, where, reported);
  if (limited.empty()) return;
  for (const subject* s : limited) say_domain_once(s->client->name() + "/" + s->p.variant);
  if (!outside) {
    check_subjects(limited, in, values, *expected, where, reported);
    return;
  }
  const host_array inside = with_sign_bits_cleared(in);
  check_subjects(limited, inside, values, compute_reference(form, inside, values), where,
                 reported);
}

}  // namespace parprim::conformance
