// cuda_efficient's per-thread byte instructions (plugins/cuda_efficient/thread/), compiled for
// the CPU: prmt's generic form as the host emulates it, the high word of a product and the funnel
// shift on the FMA pipe, the lowest set bit, and the realigned vectors of the packed write-out,
// for every skip.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <utility>

#include "thread/byte_instructions.cuh"
#include "thread/realigned_vector.cuh"

namespace ce = parprim::cuda_efficient;

TEST_CASE("cuda_efficient: prmt's generic form, as the host emulates it") {
  // Selector nibbles 0-7 pick bytes of {a, b}; with bit 3 set, the byte's top bit fills it.
  REQUIRE(ce::permute_bytes(0x03020100u, 0x07060504u, 0x7531) == 0x07050301u);
  REQUIRE(ce::permute_bytes(0x00008000u, 0, 0x9810) == 0xFF008000u);
}

TEST_CASE("cuda_efficient: high_product is the high word of the 64-bit product") {
  REQUIRE(ce::high_product(0xFFFFFFFFu, 0xFFFFFFFFu) == 0xFFFFFFFEu);
  REQUIRE(ce::high_product(0x80000000u, 4) == 2);
  REQUIRE(ce::high_product(0x12345678u, 0x10000u) == 0x1234u);
}

// The funnel by Bits two multiplies take, against the funnel shift, on the pairs whose halves
// carry most (all ones, the top bit alone) and random ones (seed 20261206).
template <unsigned Bits>
void check_funnel_on_fma(const std::uint32_t (&words)[6]) {
  for (std::uint32_t lo : words)
    for (std::uint32_t hi : words) {
      INFO("bits " << Bits << " lo " << lo << " hi " << hi);
      REQUIRE(ce::funnel_on_fma<Bits>(lo, hi) == ce::funnel(lo, hi, Bits));
    }
}

template <unsigned... Bits>
void check_funnels_on_fma(std::integer_sequence<unsigned, Bits...>, const std::uint32_t (&words)[6]) {
  (check_funnel_on_fma<Bits + 1>(words), ...);
}

TEST_CASE("cuda_efficient: funnel_on_fma shifts as the funnel shift does, by every width") {
  std::mt19937 rng(20261206);
  for (int round = 0; round < 200; ++round) {
    const std::uint32_t words[6] = {0, 0xFFFFFFFFu, 0x80000000u, 1, static_cast<std::uint32_t>(rng()),
                                    static_cast<std::uint32_t>(rng())};
    check_funnels_on_fma(std::make_integer_sequence<unsigned, 31>{}, words);
  }
  // The multipliers the GPU reads from constant memory are these.
  REQUIRE(ce::funnel_multiplier(5) == 1u << 27);
  REQUIRE(ce::funnel_multiplier(31) == 2);
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
