// Experiment (issue 34, a next validator round): Table 3-7 checked by three 16-entry lookups of
// error classes (the scheme of Keiser and Lemire's validator: the byte before's high and low
// nibble, the byte's high nibble) and one test of the 2 and 3 bytes before, against the oracle
// and against the kernels' present test (place_bytes): a string is well-formed exactly when no
// byte of it or of the 3 zero bytes after it is flagged, and every byte place_bytes calls
// misplaced is flagged (so the suspect words, which rest on misplaced bytes, stay a superset).
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "device/utf8/well_formed_bytes.cuh"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"

namespace ce = parprim::cuda_efficient::utf8;

namespace cls {
constexpr std::uint8_t too_short = 1 << 0, too_long = 1 << 1, overlong_3 = 1 << 2,
                       too_large = 1 << 3, surrogate = 1 << 4, overlong_2 = 1 << 5,
                       too_large_1000 = 1 << 6, overlong_4 = 1 << 6, two_conts = 1 << 7;
constexpr std::uint8_t carry = too_short | too_long | two_conts;
constexpr std::uint8_t by_before_high[16] = {
    too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,
    two_conts, two_conts, two_conts, two_conts,
    too_short | overlong_2, too_short, too_short | overlong_3 | surrogate,
    too_short | too_large | too_large_1000 | overlong_4};
constexpr std::uint8_t by_before_low[16] = {
    carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,
    carry | too_large, carry | too_large | too_large_1000, carry | too_large | too_large_1000,
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,
    carry | too_large | too_large_1000, carry | too_large | too_large_1000,
    carry | too_large | too_large_1000 | surrogate, carry | too_large | too_large_1000,
    carry | too_large | too_large_1000};
constexpr std::uint8_t by_own_high[16] = {
    too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,
    too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,
    too_long | overlong_2 | two_conts | overlong_3 | too_large,
    too_long | overlong_2 | two_conts | surrogate | too_large,
    too_long | overlong_2 | two_conts | surrogate | too_large,
    too_short, too_short, too_short, too_short};
}  // namespace cls

// Bytes flagged (0x80 each) in `word`, `before` the word before it.
std::uint32_t flagged(std::uint32_t before, std::uint32_t word) {
  using parprim::cuda_efficient::funnel;
  const std::uint32_t b1 = funnel(before, word, 24), b2 = funnel(before, word, 16),
                      b3 = funnel(before, word, 8);
  std::uint32_t out = 0;
  for (int k = 0; k < 4; ++k) {
    const unsigned p1 = (b1 >> (8 * k)) & 0xFF, p2 = (b2 >> (8 * k)) & 0xFF,
                   p3 = (b3 >> (8 * k)) & 0xFF, c = (word >> (8 * k)) & 0xFF;
    const unsigned special =
        cls::by_before_high[p1 >> 4] & cls::by_before_low[p1 & 15] & cls::by_own_high[c >> 4];
    const unsigned must23 = (p2 >= 0xE0 || p3 >= 0xF0) ? 0x80 : 0;
    if ((special ^ must23) != 0) out |= 0x80u << (8 * k);
  }
  return out;
}

std::uint32_t word_at(const std::vector<std::uint8_t>& in, std::int64_t p) {
  const auto n = static_cast<std::int64_t>(in.size());
  std::uint32_t w = 0;
  for (int i = 0; i < 4; ++i)
    if (p + i >= 0 && p + i < n) w |= std::uint32_t(in[p + i]) << (8 * i);
  return w;
}

long failures = 0, strings = 0;
void check(const std::vector<std::uint8_t>& in) {
  ++strings;
  bool any = false;
  const auto end = static_cast<std::int64_t>(in.size()) + 3;
  for (std::int64_t p = 0; p < end; p += 4) {
    const std::uint32_t before = word_at(in, p - 4), word = word_at(in, p);
    const std::uint32_t f = flagged(before, word);
    const std::uint32_t m = ce::place_bytes(before, word).misplaced();
    if ((m & ~f) != 0 && failures++ < 10) std::printf("misplaced byte not flagged\n");
    any |= f != 0;
  }
  const bool ok = parprim::utf8::validate_reference(in.data(), in.size()).ill_formed_subparts == 0;
  if (any == ok && failures++ < 10) {
    std::printf("disagrees with the oracle:");
    for (auto b : in) std::printf(" %02X", b);
    std::printf("\n");
  }
}

int main() {
  std::vector<std::uint8_t> s;
  for (unsigned a = 0; a < 256; ++a) {
    check({std::uint8_t(a)});
    for (unsigned b = 0; b < 256; ++b) {
      check({std::uint8_t(a), std::uint8_t(b)});
      for (unsigned c = 0; c < 256; ++c) check({std::uint8_t(a), std::uint8_t(b), std::uint8_t(c)});
    }
  }
  for (std::uint8_t a : parprim::utf8::boundary_bytes)
    for (std::uint8_t b : parprim::utf8::boundary_bytes)
      for (std::uint8_t c : parprim::utf8::boundary_bytes)
        for (std::uint8_t d : parprim::utf8::boundary_bytes)
          for (std::uint8_t e : {0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0})
            for (int at = 0; at < 4; ++at) {  // at every offset in a word
              std::vector<std::uint8_t> in(at, 0x41);
              in.insert(in.end(), {a, b, c, d, e});
              check(in);
            }
  std::mt19937_64 rng(20261128);
  for (int t = 0; t < 2000000; ++t) {
    std::vector<std::uint8_t> in;
    const int characters = 1 + static_cast<int>(rng() % 24);
    for (int c = 0; c < characters; ++c) {
      std::uint8_t bytes[4];
      std::uint32_t cp = static_cast<std::uint32_t>(rng() % 0x110000);
      if (cp >= 0xD800 && cp < 0xE000) cp = 0x41;
      const unsigned length = parprim::utf8::encode_one(cp, bytes);
      in.insert(in.end(), bytes, bytes + length);
    }
    if (t % 2) in[rng() % in.size()] = static_cast<std::uint8_t>(rng());
    check(in);
  }
  std::printf("%ld strings, %ld failures\n", strings, failures);
  return failures != 0;
}
