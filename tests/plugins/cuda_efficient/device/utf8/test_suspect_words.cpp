// cuda_efficient's suspect words (plugins/cuda_efficient/device/utf8/suspect_words.cuh, applied
// by segment_tests.cuh), compiled for the CPU: that units_of, run only on the words its rule
// marks, finds every ill-formed subpart the oracle does (the validator's count and first offset,
// segment by segment as the kernels cut the input), that every other word holds the units of
// well-formed text (what the decoder gives it), and that suspect_words' lane arithmetic is the
// rule.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "device/utf8/byte_window.cuh"
#include "device/utf8/suspect_words.cuh"
#include "device/utf8/well_formed_bytes.cuh"
#include "lane_words.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"
#include "random_text.hpp"

namespace ce = parprim::cuda_efficient::utf8;

namespace {

using parprim::cuda_efficient::utf8::testing::random_text;
using parprim::cuda_efficient::utf8::testing::word_at;

bool misplaced(const std::vector<std::uint8_t>& in, std::int64_t p) {
  return ce::place_bytes(word_at(in, p - 4), word_at(in, p)).misplaced() != 0;
}

// The validator's figures for `in`, cut into segments of `segment_words` words as the kernel
// cuts it: a segment of ASCII words, or with no misplaced word and both halos passing, is
// skipped; in any other, units_of runs on the words next to a misplaced one and on its two ends.
parprim::utf8::validation validate_by_suspects(const std::vector<std::uint8_t>& in,
                                               std::int64_t segment_words,
                                               std::uint64_t& units_of_runs) {
  const auto n = static_cast<std::int64_t>(in.size());
  parprim::utf8::validation result{0, static_cast<std::uint64_t>(n)};
  for (std::int64_t begin = 0; begin < n; begin += 4 * segment_words) {
    // Past the input's first zero words, a segment's words are zero too: nothing there is
    // misplaced or starts a subpart, so the emulation stops a few words on.
    const std::int64_t end = std::min(begin + 4 * segment_words, (n + 3) / 4 * 4 + 8);
    bool ascii = true, any = false;
    for (std::int64_t p = begin; p < end; p += 4) {
      ascii = ascii && (word_at(in, p) & 0x80808080u) == 0;
      any = any || misplaced(in, p);
      // The validator tests only the words a byte 80-FF in them or in the word before could make
      // misplaced (round 22's candidates): no other word is.
      if (((word_at(in, p - 4) | word_at(in, p)) & 0x80808080u) == 0) REQUIRE(!misplaced(in, p));
    }
    if (ascii) continue;
    any =
        any || (ce::place_bytes(0, word_at(in, begin - 4)).unmet_needs() & 0xFFFF0000u) != 0 ||
        (ce::place_bytes(word_at(in, end - 4), word_at(in, end)).unmet_needs() & 0x00FFFFFFu) != 0;
    if (!any) continue;
    for (std::int64_t p = begin; p < end; p += 4) {
      // The neighbours inside the segment only, as the kernel's lanes see them.
      const bool suspect = p == begin || p == end - 4 || misplaced(in, p) ||
                           (p > begin && misplaced(in, p - 4)) ||
                           (p + 4 < end && misplaced(in, p + 4));
      const ce::word_units u =
          units_of(ce::byte_window{word_at(in, p - 4), word_at(in, p), word_at(in, p + 4)});
      if (!suspect) {
        // The decoder gives a word that is not a suspect the units of well-formed text.
        const std::uint32_t not_continuation = ce::well_formed_units(word_at(in, p));
        INFO("word at " << p);
        REQUIRE(u.starts == not_continuation);
        REQUIRE(u.complete == not_continuation);
        continue;
      }
      ++units_of_runs;
      const std::uint32_t in_input = p >= n ? 0u : n - p >= 4 ? 0xFu : (1u << (n - p)) - 1;
      const std::uint32_t ill = u.starts & ~u.complete & in_input;
      if (ill == 0) continue;
      result.ill_formed_subparts += static_cast<std::uint64_t>(__builtin_popcount(ill));
      result.first_error = std::min<std::uint64_t>(
          result.first_error, static_cast<std::uint64_t>(p + __builtin_ctz(ill)));
    }
  }
  return result;
}

void check_string(const std::vector<std::uint8_t>& in, std::uint64_t& units_of_runs) {
  const parprim::utf8::validation oracle = parprim::utf8::validate_reference(in.data(), in.size());
  for (const std::int64_t segment_words : {1, 2, 3, 5, 1 << 20}) {
    const parprim::utf8::validation found = validate_by_suspects(in, segment_words, units_of_runs);
    INFO("segments of " << segment_words << " words");
    REQUIRE(found.ill_formed_subparts == oracle.ill_formed_subparts);
    REQUIRE(found.first_error == oracle.first_error);
  }
}

// Each string at the 4 offsets within a word (ASCII bytes before it, which change nothing).
void check_at_every_offset(const std::vector<std::uint8_t>& text, std::uint64_t& units_of_runs) {
  std::vector<std::uint8_t> in;
  for (int shift = 0; shift < 4; ++shift) {
    in.assign(shift, 0x41);
    in.insert(in.end(), text.begin(), text.end());
    check_string(in, units_of_runs);
  }
}

}  // namespace

TEST_CASE("cuda_efficient utf8: units_of on the suspect words alone counts every subpart") {
  std::uint64_t runs = 0;
  SECTION("every 1- and 2-byte string, every 3- and 4-byte one over the boundary bytes") {
    for (unsigned a = 0; a < 256; ++a) {
      check_at_every_offset({std::uint8_t(a)}, runs);
      for (unsigned b = 0; b < 256; ++b)
        check_at_every_offset({std::uint8_t(a), std::uint8_t(b)}, runs);
    }
    for (std::uint8_t a : parprim::utf8::boundary_bytes)
      for (std::uint8_t b : parprim::utf8::boundary_bytes)
        for (std::uint8_t c : parprim::utf8::boundary_bytes) {
          check_at_every_offset({a, b, c}, runs);
          for (std::uint8_t d : parprim::utf8::boundary_bytes) check_string({a, b, c, d}, runs);
        }
  }
  SECTION("text of every length of character between ill-formed bytes (seed 20261128)") {
    std::mt19937_64 rng(20261128);
    std::uint64_t errors = 0, words = 0;
    for (int t = 0; t < 20000; ++t) {
      const std::vector<std::uint8_t> in = random_text(rng, 1 + rng() % 96);
      INFO("string " << t);
      check_string(in, runs);
      errors += parprim::utf8::validate_reference(in.data(), in.size()).ill_formed_subparts;
      words += 5 * ((in.size() + 3) / 4);  // the words of check_string's five cuts
    }
    // Not vacuous: the strings hold errors, and the rule leaves most words out.
    REQUIRE(errors > 10000);
    REQUIRE(runs < words / 2);
  }
}

TEST_CASE("cuda_efficient utf8: suspect_words is the rule in the lanes' layout") {
  // Lane l's word k of row r is the segment's word 128 r + 4 l + k; a word is a suspect when it,
  // the word before or the word after in that order is misplaced, or it ends the segment.
  constexpr int rows = 4, words = 128 * rows;
  std::mt19937 rng(20261128);
  for (int t = 0; t < 2000; ++t) {
    std::vector<bool> wrong(words);
    for (int w = 0; w < words; ++w) wrong[w] = rng() % (t % 2 ? 8 : 64) == 0;
    std::uint32_t own[32] = {};
    for (int w = 0; w < words; ++w)
      if (wrong[w]) own[(w % 128) / 4] |= 1u << (4 * (w / 128) + w % 4);
    for (int lane = 0; lane < 32; ++lane) {
      const std::uint32_t got =
          ce::suspect_words<rows>(own[lane], own[(lane + 31) % 32], own[(lane + 1) % 32], lane);
      // The validator's candidates take the words after the marked ones alone.
      const std::uint32_t after =
          ce::words_after_marked<rows>(own[lane], own[(lane + 31) % 32], lane);
      for (int r = 0; r < rows; ++r)
        for (int k = 0; k < 4; ++k) {
          const int w = 128 * r + 4 * lane + k;
          const bool expected = w == 0 || w == words - 1 || wrong[w] || (w > 0 && wrong[w - 1]) ||
                                (w + 1 < words && wrong[w + 1]);
          INFO("trial " << t << ", lane " << lane << ", row " << r << ", word " << k);
          REQUIRE(((got >> (4 * r + k)) & 1u) == static_cast<std::uint32_t>(expected));
          REQUIRE(((after >> (4 * r + k)) & 1u) ==
                  static_cast<std::uint32_t>(w > 0 && wrong[w - 1]));
        }
      REQUIRE((got >> (4 * rows)) == 0);
      REQUIRE((after >> (4 * rows)) == 0);
    }
  }
}
