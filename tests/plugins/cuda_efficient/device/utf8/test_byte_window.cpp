// cuda_efficient's UTF-8 window (plugins/cuda_efficient/device/utf8/byte_window.cuh), compiled
// for the CPU: a lane's unit starts, code points and ill-formed units, word by word, against the
// oracle. The GPU
// runs the same code inside its kernels; CI has no GPU, so this is where a change to the rule
// fails first (the GPU's conformance run then checks the kernels around it).
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "device/utf8/byte_window.cuh"
#include "lane_words.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"

using parprim::cuda_efficient::utf8::byte_window;
using parprim::cuda_efficient::utf8::sequence_code_point;

namespace {

using parprim::cuda_efficient::utf8::testing::word_at;

// The input's code points as a kernel's lanes would emit them: the bytes taken 4 at a time,
// each word with the words beside it (0 past the input's ends).
std::vector<std::uint32_t> decode_by_windows(const std::vector<std::uint8_t>& in) {
  const auto n = static_cast<std::int64_t>(in.size());
  auto word = [&](std::int64_t p) { return word_at(in, p); };
  std::vector<std::uint32_t> out;
  for (std::int64_t p = 0; p < n; p += 4) {
    const byte_window w{word(p - 4), word(p), word(p + 4)};
    const auto valid = static_cast<std::uint32_t>(n - p >= 4 ? 4 : n - p);
    const parprim::cuda_efficient::utf8::word_units u = units_of(w);
    for (std::uint32_t k = 0; k < valid; ++k)
      if (u.starts & (1u << k))
        out.push_back((u.complete >> k) & 1
                          ? sequence_code_point(w.bytes_from(4 + static_cast<int>(k)))
                          : parprim::utf8::replacement);
  }
  return out;
}

std::vector<std::uint32_t> oracle(const std::vector<std::uint8_t>& in) {
  std::vector<std::uint32_t> out(in.size());
  out.resize(parprim::utf8::decode_reference(in.data(), in.size(), out.data()));
  return out;
}

// The validate form as the kernel computes it: units that start and are not complete.
parprim::utf8::validation validate_by_windows(const std::vector<std::uint8_t>& in) {
  const auto n = static_cast<std::int64_t>(in.size());
  auto word = [&](std::int64_t p) { return word_at(in, p); };
  parprim::utf8::validation v;
  v.first_error = in.size();
  for (std::int64_t p = 0; p < n; p += 4) {
    const auto u = units_of(byte_window{word(p - 4), word(p), word(p + 4)});
    const std::uint32_t in_input = n - p >= 4 ? 0xFu : (1u << (n - p)) - 1;
    const std::uint32_t ill = u.starts & ~u.complete & in_input;
    if (ill && v.ill_formed_subparts == 0) v.first_error = p + __builtin_ctz(ill);
    v.ill_formed_subparts += __builtin_popcount(ill);
  }
  return v;
}

void check_both_forms(const std::vector<std::uint8_t>& in) {
  REQUIRE(decode_by_windows(in) == oracle(in));
  const auto expected = parprim::utf8::validate_reference(in.data(), in.size());
  const auto got = validate_by_windows(in);
  REQUIRE(got.ill_formed_subparts == expected.ill_formed_subparts);
  REQUIRE(got.first_error == expected.first_error);
}

}  // namespace

TEST_CASE("cuda_efficient utf8: windows of 4 bytes decode and validate as the oracle does") {
  SECTION("every 1- and 2-byte string, and every 3-byte one over the boundary bytes") {
    for (unsigned a = 0; a < 256; ++a) {
      const std::vector<std::uint8_t> one{std::uint8_t(a)};
      check_both_forms(one);
      for (unsigned b = 0; b < 256; ++b) {
        const std::vector<std::uint8_t> two{std::uint8_t(a), std::uint8_t(b)};
        check_both_forms(two);
      }
    }
    for (std::uint8_t a : parprim::utf8::boundary_bytes)
      for (std::uint8_t b : parprim::utf8::boundary_bytes)
        for (std::uint8_t c : parprim::utf8::boundary_bytes) {
          const std::vector<std::uint8_t> three{a, b, c};
          check_both_forms(three);
        }
  }
  SECTION("random strings over the boundary bytes, every length to 40 (seed 20261126)") {
    // Sequences and their cuts fall at every offset of a word and across words.
    std::mt19937_64 rng(20261126);
    for (int t = 0; t < 50000; ++t) {
      std::vector<std::uint8_t> in(1 + rng() % 40);
      for (auto& b : in)
        b = parprim::utf8::boundary_bytes[rng() % std::size(parprim::utf8::boundary_bytes)];
      INFO("string " << t);
      check_both_forms(in);
    }
  }
}
