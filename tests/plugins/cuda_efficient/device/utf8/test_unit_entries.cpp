// cuda_efficient's deferred code points (plugins/cuda_efficient/device/utf8/unit_entries.cuh),
// compiled for the CPU: the decoder packs, for each start of a row that is not ASCII, U+FFFD for
// a replaced unit, an entry (the start's byte in the tile) for a well-formed sequence, or, in
// tiles of few entries, the byte itself where it is ASCII, and its write-out turns each entry into
// a code point from the tile's bytes, 4 elements a vector, in both of entry_decoder's ways (element
// by element, or each lane's entries in a loop). Here a whole input is one tile: its starts, found
// by the window as a lane finds them, become packed elements, and their code points must be the
// oracle's output, for starts at every byte of a word and units that cross words and the end.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <vector>

#include "device/utf8/byte_window.cuh"
#include "device/utf8/unit_entries.cuh"
#include "lane_words.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/well_formed.hpp"

namespace {

namespace gpu_utf8 = parprim::cuda_efficient::utf8;
using gpu_utf8::testing::word_at;

// The input's code points as the decoder emits them through packed elements: the tile's words
// (0 past the input's end) with the word after them, as the kernel keeps them in shared memory;
// ASCII bytes packed as code points or as entries; the write-out in vectors of 4, each lane's
// entries by a loop or element by element.
std::vector<std::uint32_t> decode_by_entries(const std::vector<std::uint8_t>& in,
                                             bool ascii_as_code_points, bool by_lane_entries) {
  const auto n = static_cast<std::int64_t>(in.size());
  std::vector<std::uint32_t> tile_words;
  for (std::int64_t p = 0; p < n; p += 4) tile_words.push_back(word_at(in, p));
  tile_words.push_back(0);  // the word after the tile: past the input's end here
  std::vector<std::uint32_t> packed(in.size() + 4);
  std::uint32_t count = 0;
  for (std::int64_t p = 0; p < n; p += 4) {
    const gpu_utf8::byte_window w{word_at(in, p - 4), word_at(in, p), word_at(in, p + 4)};
    const auto valid = static_cast<std::uint32_t>(n - p >= 4 ? 4 : n - p);
    const gpu_utf8::word_units u = units_of(w);
    const std::uint32_t starts = u.starts & ((1u << valid) - 1);
    const std::uint32_t next =
        gpu_utf8::pack_word_units(packed.data(), count, static_cast<std::uint32_t>(p), starts,
                                  u.complete, word_at(in, p), ascii_as_code_points);
    REQUIRE(next == count + static_cast<std::uint32_t>(std::popcount(starts)));
    for (std::uint32_t k = 0; k < valid; ++k) {
      if (!(starts & (1u << k))) continue;
      // In order: a replaced unit U+FFFD, an ASCII byte its own code point where asked, any
      // other start (a well-formed sequence) an entry.
      const std::uint8_t byte = in[static_cast<std::size_t>(p + k)];
      const bool complete = (u.complete >> k) & 1u;
      const std::uint32_t element = packed[count++];
      if (!complete)
        REQUIRE(element == parprim::utf8::replacement);
      else if (ascii_as_code_points && byte < 0x80)
        REQUIRE(element == byte);
      else
        REQUIRE(element == gpu_utf8::unit_entry(static_cast<std::uint32_t>(p) + k));
    }
  }
  packed.resize((count + 3) / 4 * 4);
  std::fill(packed.begin() + count, packed.end(), 0u);  // the last vector's padding: code points
  const gpu_utf8::entry_decoder decoder{tile_words.data(), by_lane_entries};
  for (std::size_t v = 0; v < packed.size(); v += 4) {
    std::uint32_t vector[4] = {packed[v], packed[v + 1], packed[v + 2], packed[v + 3]};
    decoder.finish_vector(vector);
    for (std::size_t j = 0; j < 4; ++j) {
      // The element-by-element form (the write-out's partial vectors) agrees.
      REQUIRE(vector[j] == decoder(packed[v + j]));
      packed[v + j] = vector[j];
    }
  }
  packed.resize(count);
  return packed;
}

std::vector<std::uint32_t> oracle(const std::vector<std::uint8_t>& in) {
  std::vector<std::uint32_t> out(in.size());
  out.resize(parprim::utf8::decode_reference(in.data(), in.size(), out.data()));
  return out;
}

// Every way the decoder may pack and write a tile (ASCII bytes as entries or as code points, each
// lane's entries by a loop or element by element) gives the oracle's code points.
void check_every_way(const std::vector<std::uint8_t>& in) {
  const std::vector<std::uint32_t> expected = oracle(in);
  for (bool ascii_as_code_points : {false, true})
    for (bool by_lane_entries : {false, true})
      REQUIRE(decode_by_entries(in, ascii_as_code_points, by_lane_entries) == expected);
}

}  // namespace

TEST_CASE("cuda_efficient utf8: entries decode to the oracle's code points") {
  SECTION("every 1- and 2-byte string, and every 3- and 4-byte one over the boundary bytes") {
    for (unsigned a = 0; a < 256; ++a)
      for (unsigned b = 0; b < 256; ++b) {
        const std::vector<std::uint8_t> two{std::uint8_t(a), std::uint8_t(b)};
        check_every_way(two);
      }
    for (std::uint8_t a : parprim::utf8::boundary_bytes)
      for (std::uint8_t b : parprim::utf8::boundary_bytes)
        for (std::uint8_t c : parprim::utf8::boundary_bytes)
          for (std::uint8_t d : {0x41, 0x80, 0xBF, 0xF0}) {
            const std::vector<std::uint8_t> four{a, b, c, std::uint8_t(d)};
            check_every_way(four);
          }
  }
  SECTION("characters of every length at every offset, with and without corruptions (seed 20261127)") {
    std::mt19937_64 rng(20261127);
    const std::uint32_t samples[] = {0x41, 0xE9, 0x416, 0x7FF, 0x800, 0x4E2D, 0xFFFD, 0xFFFF,
                                     0x10000, 0x1F600, 0x10FFFF};
    for (int t = 0; t < 20000; ++t) {
      std::vector<std::uint8_t> in;
      const int characters = 1 + static_cast<int>(rng() % 24);
      for (int c = 0; c < characters; ++c) {
        std::uint8_t bytes[4];
        const unsigned length = parprim::utf8::encode_one(samples[rng() % std::size(samples)], bytes);
        in.insert(in.end(), bytes, bytes + length);
      }
      if (t % 2)  // a boundary byte over a random one: stray, truncated, overlong, ...
        in[rng() % in.size()] =
            parprim::utf8::boundary_bytes[rng() % std::size(parprim::utf8::boundary_bytes)];
      INFO("string " << t);
      check_every_way(in);
    }
  }
  SECTION("a code point is written as it is, whatever its value") {
    const std::uint32_t no_tile[2] = {0, 0};  // never read: a code point is no entry
    for (std::uint32_t cp : {0u, 0x41u, 0x7Fu, 0xFFFDu, 0x10FFFFu})
      REQUIRE(gpu_utf8::code_point_of_entry(cp, no_tile) == cp);
  }
}
