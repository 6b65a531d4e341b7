// Every available plugin's UTF-8 variants, every form, on the inputs of utf8_inputs.cpp,
// against the oracle (core/utf8). A plugin that offers no UTF-8 operation is not asked.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_run.hpp"
#include "utf8_inputs.hpp"

using namespace parprim;
using namespace parprim::conformance;

namespace {

// A generated input's name ends in " n=N seed=S": its class is what comes before, so that the
// report's matrix has one column per text mix and error rate, and one row per size.
input_label label_of(const std::string& name, std::uint64_t n) {
  const std::size_t at = name.find(" n=");
  const std::size_t seed_at = name.find(" seed=");
  std::uint64_t seed = 0;
  if (seed_at != std::string::npos) seed = std::stoull(name.substr(seed_at + 6));
  return {name.substr(0, at), n, seed};
}

void check_utf8(parprim_operation op, const std::vector<named_input>& inputs) {
  std::set<std::string> reported;
  for (const problem& form : forms(op, utf8_input_dtype(op))) {
    const std::vector<subject> subjects = subjects_for(form);
    if (subjects.empty()) continue;
    for (const named_input& input : inputs) {
      if (!input_pending(subjects)) continue;  // run by an earlier child, before its crash
      note_case("the suite's own input and reference for " + form.describe() + " " + input.name);
      const host_array in = input.make();
      check_input(subjects, form, in, nullptr, label_of(input.name, in.size()), reported);
    }
  }
}

}  // namespace

TEST_CASE("conformance: utf8_decode", "[utf8]") {
  check_utf8(PARPRIM_OP_UTF8_DECODE, utf8_decode_inputs());
}

TEST_CASE("conformance: utf8_encode", "[utf8]") {
  check_utf8(PARPRIM_OP_UTF8_ENCODE, utf8_encode_inputs());
}
