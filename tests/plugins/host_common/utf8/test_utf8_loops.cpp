// The host UTF-8 loops on every vector path this CPU has (AVX-512, AVX2, SSE2, scalar), against the
// oracle: whole inputs, and inputs cut into stretches at every offset near a cut, as cpu_tbb
// cuts them. The conformance suite tests the plugins through the ABI, with one path each.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "parprim/host/utf8/decode.hpp"
#include "parprim/host/utf8/encode.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/text.hpp"

using namespace parprim;
using host::utf8::decode_mode;
using host::utf8::isa;

namespace {

std::vector<isa> paths_here() {
  std::vector<isa> paths = {isa::scalar};
#if PARPRIM_HAVE_UTF8_SIMD
  for (const isa wider : {isa::sse2, isa::avx2, isa::avx512})
    if (host::utf8::runs_here(wider)) paths.push_back(wider);
#endif
  return paths;
}

}  // namespace

TEST_CASE("host utf8: each vector path decodes, counts and validates as the oracle does") {
  for (const isa path : paths_here())
    for (const auto mix : utf8::all_text_mixes)
      for (const double errors : {0.0, 1e-4, 0.01, 0.3})
        for (const std::uint64_t n : {0ull, 1ull, 5ull, 127ull, 128ull, 129ull, 5000ull, 70001ull}) {
          const std::uint64_t seed = 77 + n;
          CAPTURE(to_string(path), utf8::to_string(mix), errors, n, seed);
          const auto text = utf8::generate_text(mix, n, errors, seed);
          std::vector<std::uint32_t> want(n + 1), got(n + 1);
          want.resize(utf8::decode_reference(text.data(), n, want.data()));
          const auto r = host::utf8::decode_stretch_on<decode_mode::write>(path, text.data(), 0,
                                                                           n, n, got.data());
          got.resize(r.units);
          CHECK(got == want);
          CHECK(host::utf8::decode_stretch_on<decode_mode::count>(path, text.data(), 0, n, n,
                                                                   nullptr)
                    .units == want.size());
          const auto v = utf8::validate_reference(text.data(), n);
          const auto w = host::utf8::decode_stretch_on<decode_mode::validate>(path, text.data(),
                                                                              0, n, n, nullptr);
          CHECK(w.units == v.ill_formed_subparts);
          CHECK(w.first_error == v.first_error);
        }
}

TEST_CASE("host utf8: every short string over the boundary bytes, across a 64-byte block edge") {
  // Each 3-byte string over the boundary bytes, then a fourth byte (80, BF or an ASCII letter),
  // once with the block edge (the AVX-512 decoder's, which finds a unit's bytes in two blocks)
  // after each of its bytes: in block k, byte 64 k + 63 - d is its first, for d = k % 4.
  std::vector<std::uint8_t> strings;
  for (const std::uint8_t x : utf8::boundary_bytes)
    for (const std::uint8_t y : utf8::boundary_bytes)
      for (const std::uint8_t z : utf8::boundary_bytes)
        for (const std::uint8_t w : {0x80, 0xBF, 0x41}) strings.insert(strings.end(), {x, y, z, w});
  const std::uint64_t count = strings.size() / 4, n = count * 4 * 64;
  std::vector<std::uint8_t> text(n, 0x61);
  for (std::uint64_t s = 0; s < count; ++s)
    for (unsigned d = 0; d < 4; ++d) {
      const std::uint64_t block = 4 * s + d;
      std::copy_n(strings.begin() + std::int64_t(4 * s), 4, text.begin() + std::int64_t(64 * block + 63 - d));
    }
  std::vector<std::uint32_t> want(n);
  want.resize(utf8::decode_reference(text.data(), n, want.data()));
  const auto v = utf8::validate_reference(text.data(), n);
  for (const isa path : paths_here()) {
    CAPTURE(to_string(path));
    std::vector<std::uint32_t> got(n + 1, 0xDEADBEEF);
    const auto r = host::utf8::decode_stretch_on<decode_mode::write>(path, text.data(), 0, n, n,
                                                                     got.data());
    CHECK(got[r.units] == 0xDEADBEEF);
    REQUIRE(r.units == want.size());
    // The first code point that differs, and its block (not the 12 MB vectors, on a failure).
    const auto differs = std::mismatch(want.begin(), want.end(), got.begin()).first - want.begin();
    CHECK(differs == std::int64_t(want.size()));
    const auto w = host::utf8::decode_stretch_on<decode_mode::validate>(path, text.data(), 0, n,
                                                                        n, nullptr);
    CHECK(w.units == v.ill_formed_subparts);
    CHECK(w.first_error == v.first_error);
  }
}

TEST_CASE("host utf8: stretches cut anywhere near a boundary join into the whole decoding") {
  // Cuts around 1004 (inside a 64-byte block of the first stretch) and around 1024 (at the end
  // of its 16th block: the AVX-512 decoder writes a unit in the block that holds its last byte,
  // so a unit running past the cut takes the stretch one block further).
  const std::uint64_t n = 3000;
  for (const isa path : paths_here())
    for (const auto mix : {utf8::text_mix::mixed, utf8::text_mix::emoji, utf8::text_mix::cjk}) {
      const auto text = utf8::generate_text(mix, n, 0.05, 5);
      std::vector<std::uint32_t> want(n);
      want.resize(utf8::decode_reference(text.data(), n, want.data()));
      for (const std::uint64_t cut :
           {1000ull, 1001ull, 1002ull, 1003ull, 1004ull, 1005ull, 1006ull, 1007ull, 1020ull,
            1021ull, 1022ull, 1023ull, 1024ull, 1025ull, 1026ull, 1027ull}) {
        CAPTURE(to_string(path), utf8::to_string(mix), cut);
        std::vector<std::uint32_t> got(n, 0xDEADBEEF);
        const std::uint64_t second = host::utf8::next_unit_start(text.data(), cut, n);
        const std::uint64_t first_units = host::utf8::decode_stretch_on<decode_mode::count>(
                                              path, text.data(), 0, cut, n, nullptr)
                                              .units;
        // The second stretch written first, at its offset: the first must not write into it.
        const auto b = host::utf8::decode_stretch_on<decode_mode::write>(
            path, text.data(), second, n, n, got.data() + first_units);
        const auto a = host::utf8::decode_stretch_on<decode_mode::write>(path, text.data(), 0,
                                                                         cut, n, got.data());
        CHECK(a.units == first_units);
        got.resize(a.units + b.units);
        CHECK(got == want);
      }
    }
}

TEST_CASE("host utf8: each vector path encodes as the oracle does, and writes nothing past") {
  for (const isa path : paths_here())
    for (const auto mix : utf8::all_text_mixes)
      for (const std::uint64_t n : {0ull, 1ull, 2ull, 3ull, 4ull, 17ull, 33ull, 4099ull}) {
        CAPTURE(to_string(path), utf8::to_string(mix), n);
        const auto points = utf8::generate_code_points(mix, n, 0.05, 9 + n);
        std::vector<std::uint8_t> want(4 * n + 1);
        want.resize(utf8::encode_reference(points.data(), n, want.data()));
        std::vector<std::uint8_t> got(4 * n + 8, 0xA5);
        const std::uint64_t written = host::utf8::encode_stretch_on(path, points.data(), n, got.data());
        CHECK(written == want.size());
        CHECK(std::vector<std::uint8_t>(got.begin(), got.begin() + std::int64_t(written)) == want);
        for (std::uint64_t i = written; i < got.size(); ++i) CHECK(got[i] == 0xA5);
      }
}

TEST_CASE("host utf8: the encoder's length and replacement edges, at every lane of a register") {
  // Each edge value at each of 16 lanes, among neighbours of every length, past the vector
  // paths' margins so that the 8-lane and the 16-lane steps encode it.
  const std::uint32_t edges[] = {0x0,     0x7F,     0x80,     0x7FF,      0x800,      0xD7FF,
                                 0xD800,  0xDBFF,   0xDC00,   0xDFFF,     0xE000,     0xFFFD,
                                 0xFFFF,  0x10000,  0x10FFFF, 0x110000,   0x7FFFFFFF, 0x80000000,
                                 0xFFFFFFFF};
  const std::uint32_t neighbours[] = {0x41, 0xE9, 0x4E2D, 0x1F600};
  for (const isa path : paths_here())
    for (const std::uint32_t edge : edges)
      for (unsigned lane = 0; lane < 16; ++lane) {
        std::vector<std::uint32_t> points(160);
        for (std::size_t i = 0; i < points.size(); ++i) points[i] = neighbours[(i * 7 + lane) % 4];
        for (std::size_t i = lane; i < 64; i += 16) points[i] = edge;
        CAPTURE(to_string(path), edge, lane);
        std::vector<std::uint8_t> want(4 * points.size());
        want.resize(utf8::encode_reference(points.data(), points.size(), want.data()));
        std::vector<std::uint8_t> got(4 * points.size() + 8, 0xA5);
        const std::uint64_t written =
            host::utf8::encode_stretch_on(path, points.data(), points.size(), got.data());
        CHECK(written == want.size());
        CHECK(std::vector<std::uint8_t>(got.begin(), got.begin() + std::int64_t(written)) == want);
      }
}
