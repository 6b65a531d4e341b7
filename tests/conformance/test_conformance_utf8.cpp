// Every available plugin's UTF-8 variants, every form, on the inputs of utf8_inputs.cpp,
// against the oracle (core/utf8). A plugin that offers no UTF-8 operation is not asked.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_run.hpp"
#include "parprim/reference.hpp"
#include "utf8_inputs.hpp"

using namespace parprim;
using namespace parprim::conformance;

namespace {

void check_utf8(parprim_operation op, const std::vector<named_input>& inputs) {
  std::set<std::string> failed;
  for (const problem& form : forms(op, utf8_input_dtype(op))) {
    const std::vector<subject> subjects = subjects_for(form);
    if (subjects.empty()) continue;
    for (const named_input& input : inputs) {
      const std::string where = form.describe() + " " + input.name;
      note_case("the suite's own input and reference for " + where);
      const host_array in = input.make();
      const reference_output expected = compute_reference(form, in, nullptr);
      check_subjects(subjects, in, nullptr, expected, where, failed);
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
