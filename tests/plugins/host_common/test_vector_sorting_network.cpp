// The AVX-512 sorting networks (plugins/host_common/include/parprim/host/
// vector_sorting_network.hpp), the in-cache quicksort's leaves, called directly: every length
// from 0 to 256 keys (each of the 1, 2, 4, 8 and 16 vectors' networks, full and partial, and
// the sorts by two networks and a merge of 65-96 and 129-192 keys), random
// keys, equal keys, sorted and reversed runs and the largest key (the value that pads a partial
// vector), with each XOR a plugin passes in and out, against std::sort; and the columns'
// networks of 2, 4, 8 and 16 inputs by the 0-1 principle (a comparator network sorts every input
// if it sorts every input of zeros and ones). The first is skipped where the CPU has no AVX-512.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "parprim/host/vector_sorting_network.hpp"

using namespace parprim::host;

namespace {

#if PARPRIM_HAVE_AVX512
/// sort_small with its XORs as vectors, built where AVX-512 may be used.
__attribute__((target("avx512f"))) void network_sort_keys(const std::uint32_t* in,
                                                          std::uint32_t* out, std::uint32_t n,
                                                          std::uint32_t flip) {
  const __m512i f = _mm512_set1_epi32(static_cast<int>(flip));
  vector_sort_detail::sort_small(in, out, n, f, f);
}
#endif

std::vector<std::uint32_t> make_keys(int kind, std::uint32_t n, std::mt19937_64& rng) {
  std::vector<std::uint32_t> keys(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto r = static_cast<std::uint32_t>(rng());
    switch (kind) {
      case 0:
        keys[i] = r;
        break;
      case 1:
        keys[i] = 7;
        break;
      case 2:
        keys[i] = i;
        break;
      case 3:
        keys[i] = n - i;
        break;
      default:
        keys[i] = r % 3 == 0 ? 0xFFFFFFFFu : r % 4;
        break;  // the padding's value too
    }
  }
  return keys;
}

}  // namespace

TEST_CASE("vector_sorting_network: every length up to 256 keys, against std::sort") {
  if (!has_avx512f()) {
    WARN("no AVX-512 on this CPU: the sorting networks are not used here");
    return;
  }
#if PARPRIM_HAVE_AVX512
  std::mt19937_64 rng(20261128);
  for (std::uint32_t n = 0; n <= 256; ++n)
    for (int kind = 0; kind < 5; ++kind)
      for (const std::uint32_t flip : {0u, 0x80000000u, 0xFFFFFFFFu}) {
        const std::vector<std::uint32_t> keys = make_keys(kind, n, rng);
        std::vector<std::uint32_t> out(n + 16, 0xDEADBEEF), expected(keys);
        for (auto& k : expected) k ^= flip;
        std::sort(expected.begin(), expected.end());
        for (auto& k : expected) k ^= flip;
        network_sort_keys(keys.data(), out.data(), n, flip);
        CAPTURE(n, kind, flip);
        CHECK(std::vector<std::uint32_t>(out.begin(), out.begin() + n) == expected);
        CHECK(std::all_of(out.begin() + n, out.end(),
                          [](std::uint32_t x) { return x == 0xDEADBEEF; }));
      }
#endif
}

#if PARPRIM_HAVE_AVX512
namespace {
/// Whether `network` sorts every one of the 2^N inputs of zeros and ones (bit i: input i).
template <unsigned N>
bool sorts_every_zero_one_input() {
  constexpr const auto& network = vector_sort_detail::column_network<N>();
  for (std::uint32_t input = 0; input < (1u << N); ++input) {
    std::uint32_t bits = input;
    for (const auto& e : network) {
      const std::uint32_t lower = (bits >> e.lower) & 1u, upper = (bits >> e.upper) & 1u;
      if (lower > upper) bits ^= (1u << e.lower) | (1u << e.upper);
    }
    // Sorted: the ones (count of them k) fill the top k places.
    const int ones = std::popcount(bits);
    if (bits != (ones == 0 ? 0u : ((1u << N) - 1) & ~((1u << (N - ones)) - 1))) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("vector_sorting_network: the columns' networks sort every input of zeros and ones") {
  CHECK(sorts_every_zero_one_input<2>());
  CHECK(sorts_every_zero_one_input<4>());
  CHECK(sorts_every_zero_one_input<8>());
  CHECK(sorts_every_zero_one_input<16>());
  CHECK(vector_sort_detail::column_network<16>().size() == 60);
  CHECK(vector_sort_detail::column_network<8>().size() == 19);
}
#endif
