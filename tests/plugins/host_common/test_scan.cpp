// The CPU scan (plugins/host_common/include/parprim/host/scan.hpp) with streaming stores against
// the same scan with plain stores, bit for bit (floats too: the vectors group the same elements
// either way): every element type, both kinds, sizes around the vector step, and outputs at
// every byte offset from a 16-byte boundary (only an aligned one streams).
// The plugins stream only outputs past 32 MiB, which the conformance suite's sizes never reach.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

#include "parprim/host/scan.hpp"

using namespace parprim;
using namespace parprim::host;

namespace {

constexpr std::uint64_t seed = 20261124;

template <class T>
std::vector<T> make_input(std::uint64_t n) {
  std::mt19937_64 rng(seed ^ n);
  std::vector<T> v(n);
  for (auto& x : v) {
    const std::uint64_t r = rng();
    if constexpr (std::is_floating_point_v<T>)
      x = T(static_cast<double>(r >> 11) / 1e12 - 4e3);
    else
      std::memcpy(&x, &r, sizeof(T));  // wraps: the scan is modular for integers
  }
  return v;
}

template <class T, bool Inclusive>
void check_streamed_scan() {
  const std::uint64_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 1000, 4099};
  for (std::uint64_t n : sizes) {
    const std::vector<T> in = make_input<T>(n);
    const T carry = T(3);
    std::vector<T> plain(n);
    const T plain_total = scan_range<Inclusive>(in.data(), plain.data(), n, carry);
    // Every byte offset of the output from a 16-byte boundary, element-aligned or not.
    for (std::size_t offset = 0; offset < 16; ++offset) {
      INFO("n = " << n << ", output offset " << offset << " bytes, seed " << seed);
      alignas(16) static unsigned char storage[(4099 + 4) * 8];
      T* out = reinterpret_cast<T*>(storage + offset);
      const T total = scan_range<Inclusive, true>(in.data(), out, n, carry);
      finish_streaming();
      CHECK(std::memcmp(&total, &plain_total, sizeof(T)) == 0);
      CHECK((n == 0 || std::memcmp(out, plain.data(), n * sizeof(T)) == 0));  // empty: no data()
    }
  }
}

}  // namespace

TEMPLATE_TEST_CASE("a streamed scan writes what a plain one writes", "[host][scan]", std::int32_t,
                   std::uint32_t, std::int64_t, std::uint64_t, float, double) {
  check_streamed_scan<TestType, true>();
  check_streamed_scan<TestType, false>();
}

TEST_CASE("outputs past 32 MiB are streamed, smaller ones are not", "[host][scan]") {
  CHECK_FALSE(streams_output(0));
  CHECK_FALSE(streams_output(std::uint64_t{32} << 20));
  CHECK(streams_output((std::uint64_t{32} << 20) + 1));
}
