// The UTF-8 text generators: seeded, exact in size, made of the mix's characters at its shares,
// and at a nonzero error rate carrying every ill-formed class.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <vector>

#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/text.hpp"
#include "parprim/utf8/well_formed.hpp"

using namespace parprim::utf8;

namespace {

constexpr std::uint64_t seed = 20261124;

// Characters of each encoded length in well-formed text, by their lead bytes.
std::array<double, 4> measured_shares(const std::vector<std::uint8_t>& text) {
  std::array<double, 4> count{};
  double total = 0;
  for (const std::uint8_t b : text) {
    const unsigned length = lead_of(b).length;
    if (length == 0) continue;
    count[length - 1] += 1;
    total += 1;
  }
  for (auto& c : count) c = 100 * c / total;
  return count;
}

bool contains(const std::vector<std::uint8_t>& text, auto&& pair_matches) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if (pair_matches(text[i], text[i + 1])) return true;
  return false;
}

}  // namespace

TEST_CASE("utf8 text: mixes are named, and each name reads back") {
  for (const text_mix m : all_text_mixes) {
    CHECK(parse_text_mix(to_string(m)) == m);
    const auto shares = length_shares(m);
    CHECK(shares[0] + shares[1] + shares[2] + shares[3] == 100);
  }
  CHECK_FALSE(parse_text_mix("klingon").has_value());
}

TEST_CASE("utf8 text: exactly n bytes, the same for the same seed, other bytes for another") {
  const text_mix m = GENERATE(from_range(std::begin(all_text_mixes), std::end(all_text_mixes)));
  const double errors = GENERATE(0.0, 1e-2);
  for (const std::uint64_t n :
       {0ull, 1ull, 2ull, 3ull, 4ull, 4095ull, 4096ull, 4097ull, 100003ull}) {
    const auto text = generate_text(m, n, errors, seed);
    CHECK(text.size() == n);
    CHECK(generate_text(m, n, errors, seed) == text);
  }
  CHECK(generate_text(m, 10000, errors, seed) != generate_text(m, 10000, errors, seed + 1));
  const auto cps = generate_code_points(m, 5003, errors, seed);
  CHECK(cps.size() == 5003);
  CHECK(generate_code_points(m, 5003, errors, seed) == cps);
}

TEST_CASE("utf8 text: without errors, well-formed, at the mix's shares of each length") {
  const text_mix m = GENERATE(from_range(std::begin(all_text_mixes), std::end(all_text_mixes)));
  INFO(to_string(m));
  const auto text = generate_text(m, 1 << 20, 0, seed);
  CHECK(validate_reference(text.data(), text.size()).ill_formed_subparts == 0);
  const auto shares = measured_shares(text);
  const auto expected = length_shares(m);
  for (int k = 0; k < 4; ++k) CHECK(shares[k] == Approx(expected[k]).margin(1.5));

  const auto cps = generate_code_points(m, 1 << 18, 0, seed);
  std::array<double, 4> by_length{};
  for (const std::uint32_t cp : cps) {
    REQUIRE(is_scalar(cp));
    by_length[encoded_length(cp) - 1] += 100.0 / double(cps.size());
  }
  for (int k = 0; k < 4; ++k) CHECK(by_length[k] == Approx(expected[k]).margin(1.5));
}

TEST_CASE("utf8 text: at an error rate, every ill-formed class, more of them at a higher rate") {
  const auto text = generate_text(text_mix::mixed, 1 << 20, 1e-2, seed);
  CHECK(contains(text, [](auto a, auto b) { return a < 0x80 && is_continuation(b); }));  // stray
  CHECK(contains(text, [](auto a, auto) { return a == 0xC0 || a == 0xC1 || a >= 0xF5; }));
  CHECK(contains(text, [](auto a, auto b) { return a == 0xE0 && b >= 0x80 && b <= 0x9F; }));
  CHECK(contains(text, [](auto a, auto b) { return a == 0xF0 && b >= 0x80 && b <= 0x8F; }));
  CHECK(contains(text, [](auto a, auto b) { return a == 0xED && b >= 0xA0 && b <= 0xBF; }));
  CHECK(contains(text, [](auto a, auto b) { return a == 0xF4 && b >= 0x90 && b <= 0xBF; }));
  CHECK(contains(text, [](auto a, auto b) { return lead_of(a).length > 1 && b < 0x80; }));
  // Cut short by the end of the input: the last unit is a maximal subpart.
  std::vector<std::uint32_t> decoded(text.size());
  decoded.resize(decode_reference(text.data(), text.size(), decoded.data()));
  CHECK(decoded.back() == replacement);

  const auto many = validate_reference(text.data(), text.size()).ill_formed_subparts;
  const auto rare = generate_text(text_mix::mixed, 1 << 20, 1e-4, seed);
  const auto few = validate_reference(rare.data(), rare.size()).ill_formed_subparts;
  CHECK(few > 1);
  CHECK(many > 20 * few);

  const auto cps = generate_code_points(text_mix::cjk, 1 << 18, 1e-2, seed);
  std::uint64_t surrogates = 0, above = 0;
  for (const std::uint32_t cp : cps) {
    surrogates += cp >= 0xD800 && cp <= 0xDFFF;
    above += cp > max_scalar;
  }
  CHECK(surrogates + above == Approx(0.01 * double(cps.size())).epsilon(0.2));
  CHECK(surrogates > 0);
  CHECK(above > 0);
}
