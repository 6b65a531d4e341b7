// cuda_efficient's bytewise placement test (plugins/cuda_efficient/device/utf8/
// well_formed_bytes.cuh), compiled for the CPU: that it says "well-formed" exactly when the
// oracle does, and that what the decoding kernels conclude from it for a row (every byte a
// unit start unless it is a continuation byte, every unit complete) is what units_of finds.
// The GPU runs the same code inside its kernels; CI has no GPU, so this is where a change to
// the tables fails first.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "device/utf8/byte_window.cuh"
#include "device/utf8/well_formed_bytes.cuh"
#include "lane_words.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"
#include "random_text.hpp"

namespace ce = parprim::cuda_efficient::utf8;

namespace {

using parprim::cuda_efficient::utf8::testing::random_text;
using parprim::cuda_efficient::utf8::testing::word_at;

// Whether any byte of the input, or of the 3 zero bytes after it, is misplaced, taking the
// words a kernel's lanes hold (4-byte aligned, the word before each beside it).
bool any_misplaced(const std::vector<std::uint8_t>& in) {
  const auto end = static_cast<std::int64_t>(in.size()) + 3;
  for (std::int64_t p = 0; p < end; p += 4)
    if (ce::place_bytes(word_at(in, p - 4), word_at(in, p)).misplaced() != 0) return true;
  return false;
}

bool oracle_well_formed(const std::vector<std::uint8_t>& in) {
  return parprim::utf8::validate_reference(in.data(), in.size()).ill_formed_subparts == 0;
}

// A kernel's conclusion for the lane holding bytes p..p+3: its own bytes well placed, and the
// bytes next to them on the weaker test a segment's halo gets (the 2 bytes before, judged
// without what lies before their word; the 3 after). Then every unit units_of finds in the
// word is complete, and the units start at the bytes that are not continuation bytes.
void check_conclusion(const std::vector<std::uint8_t>& in, std::int64_t p) {
  const std::uint32_t before = word_at(in, p - 4), word = word_at(in, p),
                      after = word_at(in, p + 4);
  const bool own = ce::place_bytes(before, word).misplaced() == 0;
  const bool bytes_before = (ce::place_bytes(0, before).unmet_needs() & 0xFFFF0000u) == 0;
  const bool bytes_after = (ce::place_bytes(word, after).unmet_needs() & 0x00FFFFFFu) == 0;
  if (!(own && bytes_before && bytes_after)) return;
  const ce::word_units u = units_of(ce::byte_window{before, word, after});
  const std::uint32_t not_continuation = ce::well_formed_units(word);
  INFO("word at " << p);
  REQUIRE(u.starts == not_continuation);
  REQUIRE(u.complete == u.starts);
}

void check_string(const std::vector<std::uint8_t>& in) {
  REQUIRE(any_misplaced(in) == !oracle_well_formed(in));
  for (std::int64_t p = 0; p < static_cast<std::int64_t>(in.size()); p += 4)
    check_conclusion(in, p);
}

// What the test's first rule asks of byte k, said directly: a lead C0-FF one byte back, E0-FF
// two back, or F0-FF three back (`before` holds the 4 bytes before `word`'s).
std::uint32_t needs_by_definition(std::uint32_t before, std::uint32_t word) {
  const std::uint64_t pair = (std::uint64_t(word) << 32) | before;
  std::uint32_t needs = 0;
  for (int k = 0; k < 4; ++k) {
    const auto back = [&](int d) {
      return static_cast<unsigned>((pair >> (8 * (4 + k - d))) & 0xFF);
    };
    if (back(1) >= 0xC0 || back(2) >= 0xE0 || back(3) >= 0xF0) needs |= 0x80u << (8 * k);
  }
  return needs;
}

}  // namespace

TEST_CASE("cuda_efficient utf8: nibbles as prmt selectors") {
  // A selector's low 16 bits are all prmt reads.
  REQUIRE((ce::low_nibbles(0x4F3A2B1Cu) & 0xFFFF) == 0xFABCu);
  // The high nibbles 4, 3, 2, 1, each complemented, in both halves.
  REQUIRE(ce::high_selector(0x4F3A2B1Cu) == 0xBCDEBCDEu);
  REQUIRE(ce::high_selector(0x80FFC07Fu) == 0x70387038u);
}

TEST_CASE("cuda_efficient utf8: a lead's needs by one lookup of its high nibble") {
  // lead_needs: bits 6, 5, 4 for a continuation byte 1, 2, 3 places on; bit 7 never.
  for (unsigned v = 0; v < 256; ++v) {
    const std::uint32_t got = ce::lead_needs(ce::high_selector(v * 0x01010101u));
    const std::uint32_t want = v >= 0xF0 ? 0x70 : v >= 0xE0 ? 0x60 : v >= 0xC0 ? 0x40 : 0;
    INFO("byte " << v);
    REQUIRE(got == want * 0x01010101u);
  }
  // The needs of a word's bytes, from the leads in it and in the word before: every byte
  // 80-FF at each of the 8 places, with every fifth byte value at each place after it (the
  // other bytes 0), then random pairs of words (seed 20261206). Only bit 7 of each byte counts.
  const auto check = [](std::uint32_t before, std::uint32_t word) {
    INFO("before " << before << " word " << word);
    REQUIRE((ce::place_bytes(before, word).needs & 0x80808080u) ==
            needs_by_definition(before, word));
  };
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      for (unsigned a = 0x80; a < 256; ++a)
        for (unsigned b = 0; b < 256; b += 5) {
          const std::uint64_t pair = (std::uint64_t(a) << (8 * i)) | (std::uint64_t(b) << (8 * j));
          check(static_cast<std::uint32_t>(pair), static_cast<std::uint32_t>(pair >> 32));
        }
  std::mt19937_64 rng(20261206);
  for (int t = 0; t < 200000; ++t) {
    const std::uint64_t pair = rng();
    check(static_cast<std::uint32_t>(pair), static_cast<std::uint32_t>(pair >> 32));
  }
}

TEST_CASE("cuda_efficient utf8: bytes well placed exactly where the text is well-formed") {
  SECTION("every 1- and 2-byte string, every 3- and 4-byte one over the boundary bytes") {
    for (unsigned a = 0; a < 256; ++a) {
      check_string({std::uint8_t(a)});
      for (unsigned b = 0; b < 256; ++b) check_string({std::uint8_t(a), std::uint8_t(b)});
    }
    for (std::uint8_t a : parprim::utf8::boundary_bytes)
      for (std::uint8_t b : parprim::utf8::boundary_bytes)
        for (std::uint8_t c : parprim::utf8::boundary_bytes) {
          check_string({a, b, c});
          for (std::uint8_t d : parprim::utf8::boundary_bytes) check_string({a, b, c, d});
        }
  }
  SECTION("text of every length of character, with and without corruptions (seed 20261127)") {
    // Characters drawn from every length, a boundary byte now and then: words of well-formed
    // text next to words holding an error, at every offset.
    std::mt19937_64 rng(20261127);
    std::size_t well_formed_strings = 0, fast_lanes = 0;
    for (int t = 0; t < 60000; ++t) {
      const std::vector<std::uint8_t> in = random_text(rng, 1 + rng() % 48);
      INFO("string " << t);
      check_string(in);
      if (oracle_well_formed(in)) {
        ++well_formed_strings;
        // Well-formed text takes the fast way in every lane: the test is not vacuous.
        for (std::int64_t p = 0; p < static_cast<std::int64_t>(in.size()); p += 4) {
          const std::uint32_t before = word_at(in, p - 4), word = word_at(in, p);
          REQUIRE(ce::place_bytes(before, word).misplaced() == 0);
          ++fast_lanes;
        }
      }
    }
    REQUIRE(well_formed_strings > 10000);
    REQUIRE(fast_lanes > 50000);
  }
}
