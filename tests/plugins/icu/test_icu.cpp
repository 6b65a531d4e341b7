// The icu comparison plugin beyond the conformance suite: inputs far longer than ICU's pivot
// buffer (16 Ki UTF-16 units, so a sequence is cut between two of its refills), and the form it
// does not offer refused by name.
#include <cstring>

#include "parprim/utf8/text.hpp"
#include "plugin_fixture.hpp"

using namespace parprim;

namespace {

template <class T>
host_array array_of(parprim_dtype t, const std::vector<T>& v) {
  host_array a(t, v.size());
  if (!v.empty()) std::memcpy(a.data(), v.data(), v.size() * sizeof(T));
  return a;
}

}  // namespace

TEST_CASE("icu: decodes and encodes every text mix as the oracle, across pivot refills") {
  const plugin_client client = test::built_plugin("icu");
  for (const auto mix : utf8::all_text_mixes)
    for (const double errors : {0.0, 0.01}) {
      const std::uint64_t n = 300007, seed = 41;
      CAPTURE(utf8::to_string(mix), errors, n, seed);
      problem decode;
      decode.operation = PARPRIM_OP_UTF8_DECODE;
      decode.dtype = PARPRIM_U8;
      decode.variant = "ucnv";
      CHECK_FALSE(test::check_input_against_oracle(
          client, decode, array_of(PARPRIM_U8, utf8::generate_text(mix, n, errors, seed))));
      problem encode;
      encode.operation = PARPRIM_OP_UTF8_ENCODE;
      encode.dtype = PARPRIM_U32;
      encode.variant = "ucnv";
      CHECK_FALSE(test::check_input_against_oracle(
          client, encode,
          array_of(PARPRIM_U32, utf8::generate_code_points(mix, n, errors, seed))));
    }
}

TEST_CASE("icu: the validate form is not offered, and says so") {
  const plugin_client client = test::built_plugin("icu");
  problem p;
  p.operation = PARPRIM_OP_UTF8_DECODE;
  p.dtype = PARPRIM_U8;
  p.variant = "ucnv";
  p.utf8_form = PARPRIM_UTF8_VALIDATE;
  CHECK_FALSE(client.unsupported_reason(p).empty());
  p.utf8_form = PARPRIM_UTF8_REPLACE;
  CHECK(client.unsupported_reason(p).empty());
}
