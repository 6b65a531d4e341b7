// cuda_efficient's per-thread byte instructions (plugins/cuda_efficient/thread/), compiled for
// the CPU: prmt's generic form as the host emulates it, the lowest set bit, and the realigned
// vectors of the packed write-out, for every skip.
#include <catch2/catch.hpp>
#include <cstdint>

#include "thread/byte_instructions.cuh"
#include "thread/realigned_vector.cuh"

namespace ce = parprim::cuda_efficient;

TEST_CASE("cuda_efficient: prmt's generic form, as the host emulates it") {
  // Selector nibbles 0-7 pick bytes of {a, b}; with bit 3 set, the byte's top bit fills it.
  REQUIRE(ce::permute_bytes(0x03020100u, 0x07060504u, 0x7531) == 0x07050301u);
  REQUIRE(ce::permute_bytes(0x00008000u, 0, 0x9810) == 0xFF008000u);
}

TEST_CASE("cuda_efficient: lowest_set_bit, as __ffs(x) - 1") {
  for (int b = 0; b < 32; ++b) {
    REQUIRE(ce::lowest_set_bit(1u << b) == b);
    REQUIRE(ce::lowest_set_bit(0x80000000u | (1u << b)) == b);  // higher bits do not count
  }
}

TEST_CASE("cuda_efficient: realigned_vector takes 16 bytes from any skip into a pair") {
  // Byte k of the pair holds k + 1, so byte j of the result must hold skip + j + 1.
  std::uint32_t w[8];
  for (std::uint32_t k = 0; k < 8; ++k)
    w[k] = (4 * k + 1) | (4 * k + 2) << 8 | (4 * k + 3) << 16 | (4 * k + 4) << 24;
  const uint4 a = make_uint4(w[0], w[1], w[2], w[3]), b = make_uint4(w[4], w[5], w[6], w[7]);
  for (unsigned skip = 0; skip <= 16; ++skip) {
    const uint4 v = ce::realigned_vector(a, b, skip);
    const std::uint32_t got[4] = {v.x, v.y, v.z, v.w};
    for (unsigned j = 0; j < 16; ++j) {
      INFO("skip " << skip << " byte " << j);
      REQUIRE(((got[j / 4] >> (8 * (j % 4))) & 0xFF) == skip + j + 1);
    }
  }
}
