// The AVX-512 counts of digits (plugins/host_common/include/parprim/host/vector_digit_count.hpp)
// against the scalar counts (digit_counts.hpp's scalar_count_digit and scalar_count_digits): the
// same counts (and, for one digit, the same key bounds) for every 32-bit type (floats with ±0,
// ±inf, NaNs and denormals among them), both orders, digits at the key's top, middle and
// bottom, and lengths around the vector's 16 keys (count_digit takes the whole vectors' keys by
// the vector count and the rest one at a time); both forms of taking the digits to their
// counters (extracted, read back from memory) whatever the CPU's vendor, and the form
// count_digit and count_digits choose here. Skipped where the CPU has no AVX-512.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "parprim/host/digit_counts.hpp"

using namespace parprim::host;

namespace {

template <class T>
std::vector<T> random_keys(std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> keys(n);
  for (auto& key : keys) {
    const auto bits = static_cast<std::uint32_t>(rng());
    std::memcpy(&key, &bits, sizeof(T));
    if constexpr (std::is_floating_point_v<T>) {
      using L = std::numeric_limits<T>;
      const T special[] = {T(0),           -T(0),           L::infinity(),   -L::infinity(),
                           L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(), -L::denorm_min()};
      if (bits % 4 == 0) key = special[(bits >> 2) % 8];
    }
  }
  return keys;
}

template <class T>
void check_type(std::uint64_t base_seed) {
  const std::uint64_t sizes[] = {0, 1, 15, 16, 17, 31, 32, 33, 1000, 4099};
  const digit_place places[] = {{21, 11}, {0, 11}, {10, 8}, {28, 4}, {0, 1}};
  for (const std::uint64_t n : sizes)
    for (const digit_place place : places)
      for (const bool descending : {false, true}) {
        const std::uint64_t seed = base_seed + n * 7 + place.shift;
        const std::vector<T> keys = random_keys<T>(n, seed);
        const radix_keys<T> map(descending);
        std::vector<std::uint64_t> scalar_counts(place.buckets());
        const auto s = scalar_count_digit(keys.data(), n, map, place, scalar_counts.data());
        CAPTURE(n, place.shift, place.width, descending, seed);
        // count_digit (this CPU's form), then each form whatever the CPU's vendor.
        for (int form = 0; form < 3; ++form) {
          std::vector<std::uint64_t> vector_counts(place.buckets());
          const auto v = form == 0   ? count_digit(keys.data(), n, map, place, vector_counts.data())
                         : form == 1 ? vector_form_count_digit<digit_reads::extract>(
                                           keys.data(), n, map, place, vector_counts.data())
                                     : vector_form_count_digit<digit_reads::memory>(
                                           keys.data(), n, map, place, vector_counts.data());
          CAPTURE(form);
          CHECK(vector_counts == scalar_counts);
          CHECK(v.any == s.any);
          CHECK(v.all == s.all);
        }
      }
}

/// The cache sort's count of D digits at once (two of 10 and 11 bits for 2^24's buckets, three
/// of 7 for larger ones), against the scalar form.
template <unsigned D, class T>
void check_digits(const digit_place (&places)[D], std::uint64_t base_seed) {
  const std::uint32_t sizes[] = {0, 1, 15, 16, 17, 33, 1000, 8192, 8195};
  for (const std::uint32_t n : sizes)
    for (const bool descending : {false, true}) {
      const std::uint64_t seed = base_seed + n;
      const std::vector<T> keys = random_keys<T>(n, seed);
      const radix_keys<T> map(descending);
      digit_histograms<3> scalar_counts{};
      scalar_count_digits<D>(keys.data(), n, map, places, scalar_counts);
      CAPTURE(D, n, descending, seed);
      // count_digits (this CPU's form), then each form whatever the CPU's vendor.
      for (int form = 0; form < 3; ++form) {
        digit_histograms<3> vector_counts{};
        if (form == 0)
          count_digits<D>(keys.data(), n, map, places, vector_counts);
        else if (form == 1)
          vector_form_count_digits<D, digit_reads::extract>(keys.data(), n, map, places,
                                                            vector_counts);
        else
          vector_form_count_digits<D, digit_reads::memory>(keys.data(), n, map, places,
                                                           vector_counts);
        CAPTURE(form);
        for (unsigned d = 0; d < D; ++d) CHECK(vector_counts[d] == scalar_counts[d]);
      }
    }
}

template <class T>
void check_digits_of_type(std::uint64_t base_seed) {
  const digit_place one[] = {{21, 11}}, two[] = {{0, 10}, {10, 11}},
                    three[] = {{0, 7}, {7, 7}, {14, 7}};
  check_digits<1, T>(one, base_seed);
  check_digits<2, T>(two, base_seed + 1);
  check_digits<3, T>(three, base_seed + 2);
}

}  // namespace

TEST_CASE("vector_digit_count: the scalar counts' counts and bounds, every 32-bit type") {
  if (!has_avx512f()) {
    WARN("no AVX-512 on this CPU: the vector counts are not used here");
    return;
  }
  check_type<std::uint32_t>(19000);
  check_type<std::int32_t>(19100);
  check_type<float>(19200);
  check_digits_of_type<std::uint32_t>(19300);
  check_digits_of_type<std::int32_t>(19400);
  check_digits_of_type<float>(19500);
}
