// cuda_efficient's encoded bytes (plugins/cuda_efficient/device/utf8/encoded_bytes.cuh),
// compiled for the CPU: the encoder's six-bit groups and prmt must give exactly the bytes and the
// length of the reference's encode_unit for every scalar value, and its stores must leave every
// byte after the encoded ones as it was.
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "device/utf8/encoded_bytes.cuh"
#include "parprim/utf8/well_formed.hpp"

namespace {

namespace gpu_utf8 = parprim::cuda_efficient::utf8;

}  // namespace

TEST_CASE("six_bit_groups spreads a code point's groups one a byte, bits 0-6 in byte 0",
          "[utf8][cuda_efficient]") {
  for (std::uint32_t cp : {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xFFFFu, 0x10000u, 0x10FFFFu,
                           0x12345u, 0x3Fu, 0xFC0u, 0x3F000u, 0x1C0000u, 0x40u, 0xC0u}) {
    const std::uint32_t g = gpu_utf8::six_bit_groups(cp);
    INFO("cp " << cp);
    REQUIRE((g & 0xFFu) == (cp & 0x7Fu));  // byte 0: bits 0-6
    for (int k = 1; k < 4; ++k) REQUIRE(((g >> (8 * k)) & 0xFFu) == ((cp >> (6 * k)) & 0x3Fu));
  }
}

TEST_CASE("encoded_bytes and store_encoded match encode_unit for every scalar value",
          "[utf8][cuda_efficient]") {
  constexpr std::uint8_t untouched = 0x5A;  // not a byte of any code point's last place
  std::uint64_t checked = 0;
  for (std::uint32_t cp = 0; cp <= parprim::utf8::max_scalar; ++cp) {
    if (!parprim::utf8::is_scalar(cp)) continue;
    const parprim::utf8::encoded want = parprim::utf8::encode_unit(cp);
    const unsigned length = gpu_utf8::encoded_length(cp);
    const std::uint32_t low = length == 4 ? ~0u : (1u << (8 * length)) - 1;
    std::array<std::uint8_t, 5> to;
    to.fill(untouched);
    const unsigned stored = gpu_utf8::store_encoded(cp, to.data());
    bool same = length == want.length && stored == want.length &&
                (gpu_utf8::encoded_bytes(cp, length) & low) == want.bytes;
    for (unsigned b = 0; b < 5; ++b)
      same = same && to[b] == (b < want.length ? static_cast<std::uint8_t>(want.bytes >> (8 * b))
                                               : untouched);
    if (!same) {
      INFO("code point " << cp << ": length " << length << ", stored " << stored << ", bytes "
                         << gpu_utf8::encoded_bytes(cp, length) << ", want " << want.bytes
                         << " of length " << want.length);
      REQUIRE(same);
    }
    ++checked;
  }
  REQUIRE(checked == 1112064);  // every scalar value: 0x110000 less the 2048 surrogates
}

TEST_CASE("store_short matches encode_unit below U+0800, and for U+FFFD with replacements",
          "[utf8][cuda_efficient]") {
  constexpr std::uint8_t untouched = 0x5A;
  // Below U+0800 both forms; U+FFFD (what a surrogate or a value above U+10FFFF becomes) the
  // form with replacements only.
  std::vector<std::uint32_t> values;
  for (std::uint32_t cp = 0; cp < 0x800; ++cp) values.push_back(cp);
  values.push_back(parprim::utf8::replacement);
  for (const std::uint32_t cp : values) {
    const parprim::utf8::encoded want = parprim::utf8::encode_unit(cp);
    INFO("code point " << cp);
    const auto check = [&](unsigned length, const std::array<std::uint8_t, 4>& to) {
      REQUIRE(length == want.length);
      for (unsigned b = 0; b < 4; ++b)
        REQUIRE(to[b] ==
                (b < want.length ? static_cast<std::uint8_t>(want.bytes >> (8 * b)) : untouched));
    };
    std::array<std::uint8_t, 4> to;
    to.fill(untouched);
    check(gpu_utf8::store_short<true>(cp, to.data()), to);
    if (cp < 0x800) {
      to.fill(untouched);
      check(gpu_utf8::store_short<false>(cp, to.data()), to);
    }
  }
}
