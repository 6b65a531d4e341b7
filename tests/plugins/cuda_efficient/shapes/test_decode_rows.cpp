// The UTF-8 decoder's rows a warp (shapes/decode_rows.hpp): one row below 2^26 input bytes, two
// from there on, and the tile_rows parameter's 1 or 2 whatever the size. What each tile shape
// decodes is checked on a GPU by the conformance suite (gpu_run.sh check runs the [utf8] cases
// with tile_rows=1 and tile_rows=2 as well as by size).
#include <catch2/catch.hpp>

#include <cstdint>

#include "shapes/decode_rows.hpp"

using parprim::cuda_efficient::decode_one_row_below;
using parprim::cuda_efficient::decode_rows_for;

TEST_CASE("decode_rows_for: by size, one row below the limit and two from it") {
  static_assert(decode_one_row_below == std::uint64_t(1) << 26);
  for (const std::uint64_t n : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(4095),
                                std::uint64_t(4096), std::uint64_t(8193), std::uint64_t(1) << 24,
                                decode_one_row_below - 1}) {
    CAPTURE(n);
    CHECK(decode_rows_for(n) == 1);
    CHECK(decode_rows_for(n, 0) == 1);
  }
  for (const std::uint64_t n : {decode_one_row_below, decode_one_row_below + 1,
                                std::uint64_t(1) << 28, (std::uint64_t(1) << 32) + 5}) {
    CAPTURE(n);
    CHECK(decode_rows_for(n) == 2);
  }
}

TEST_CASE("decode_rows_for: the parameter's 1 or 2 is taken at any size") {
  for (const std::uint64_t n : {std::uint64_t(1), std::uint64_t(1) << 24, std::uint64_t(1) << 28}) {
    CAPTURE(n);
    CHECK(decode_rows_for(n, 1) == 1);
    CHECK(decode_rows_for(n, 2) == 2);
  }
}
