// The CPU compaction's three forms (plugins/host_common/include/parprim/host/compact.hpp,
// compact_simd.hpp, compact_avx512.hpp), each called directly where the machine has it, against
// std::copy_if with the same predicate, bit for bit: every element type, both predicates, sizes
// at the edges of each form's vector step, and floats whose specials decide the predicate
// (±0.0, NaN of both signs, ±inf, denormals). A form may write garbage past its count but never
// past n.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "parprim/host/compact.hpp"

using namespace parprim;
using namespace parprim::host;

namespace {

constexpr std::uint64_t seed = 20261124;

/// 0 (dropped by nonzero) in about a quarter of the elements, small values around the threshold
/// in another quarter, and for floats the specials in a quarter.
template <class T>
std::vector<T> make_input(std::uint64_t n, std::uint64_t salt) {
  std::mt19937_64 rng(seed ^ salt);
  std::vector<T> v(n);
  for (auto& x : v) {
    const std::uint64_t r = rng();
    if constexpr (std::is_floating_point_v<T>) {
      using L = std::numeric_limits<T>;
      const T special[] = {T(0),           -T(0),           L::infinity(),   -L::infinity(),
                           L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(), -L::denorm_min()};
      switch (r % 4) {
        case 0:
          x = T(0);
          break;
        case 1:
          x = special[(r >> 2) % 8];
          break;
        case 2:
          x = T(static_cast<int>((r >> 2) % 7) - 3);
          break;
        default:
          x = T(static_cast<double>(r >> 11) / 1e12 - 4e3);
          break;
      }
    } else {
      switch (r % 4) {
        case 0:
          x = T(0);
          break;
        case 1:
          x = static_cast<T>(static_cast<int>((r >> 2) % 7) - 3);
          break;
        default:
          std::memcpy(&x, &r, sizeof(T));
          break;
      }
    }
  }
  return v;
}

template <class T>
problem compaction(parprim_predicate predicate, double threshold) {
  problem p;
  p.predicate = predicate;
  p.set_threshold(threshold);
  return p;
}

template <class T, class Form>
void check_form(const char* name, Form form) {
  const std::uint64_t sizes[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,  15,   16,
                                 17, 31, 32, 33, 47, 48, 63, 64, 65, 1000, 4099};
  const problem rules[] = {compaction<T>(PARPRIM_PRED_NONZERO, 0),
                           compaction<T>(PARPRIM_PRED_GREATER_THAN, 1),
                           compaction<T>(PARPRIM_PRED_GREATER_THAN, -2)};
  for (const problem& rule : rules) {
    const keep_rule<T> keep(rule);
    for (std::uint64_t n : sizes) {
      INFO("form " << name << ", " << (keep.greater_than ? "greater_than" : "nonzero")
                   << ", n = " << n << ", seed " << seed);
      const std::vector<T> in = make_input<T>(n, n);
      std::vector<T> expected;
      std::copy_if(in.begin(), in.end(), std::back_inserter(expected), keep);

      // Guard bytes past n: the form may write up to n, never past it.
      constexpr unsigned char guard = 0xA5;
      std::vector<unsigned char> out((n + 16) * sizeof(T), guard);
      const std::uint64_t count = form(in.data(), reinterpret_cast<T*>(out.data()), n, keep);
      REQUIRE(count == expected.size());
      CHECK((count == 0 || std::memcmp(out.data(), expected.data(), count * sizeof(T)) == 0));
      CHECK(std::all_of(out.begin() + static_cast<std::ptrdiff_t>(n * sizeof(T)), out.end(),
                        [](unsigned char b) { return b == guard; }));
    }
  }
}

}  // namespace

TEMPLATE_TEST_CASE("every compaction form keeps what std::copy_if keeps", "[host][compact]",
                   std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  using T = TestType;
  check_form<T>("scalar", [](auto... a) { return scalar_compact<T>(a...); });
  if (simd_compact_supported<T>())
    check_form<T>("sse4.2", [](auto... a) { return simd_compact<T>(a...); });
  else
    WARN("no SSE4.2 here: its compaction is not tested");
  if (has_avx512f())
    check_form<T>("avx512", [](auto... a) { return avx512_compact<T>(a...); });
  else
    WARN("no AVX-512 here: its compaction is not tested");
  check_form<T>("compact_range", [](auto... a) { return compact_range<T>(a...); });
}
