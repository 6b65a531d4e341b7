#include "parprim/generators.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <stdexcept>
#include <string>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "parprim/seed_mix.hpp"

namespace parprim {
namespace {

// Random bits for element `i` of stream `stream` under `seed`.
std::uint64_t bits_at(std::uint64_t seed, std::uint64_t stream, std::uint64_t i) {
  return mix64(mix64(seed ^ (stream << 56)) ^ i);
}

// A float in [-1, 1) from 53 (or 24) random bits; exact in T.
template <class T>
T unit_interval(std::uint64_t bits) {  // [0, 1), exactly representable
  constexpr int digits = std::numeric_limits<T>::digits;
  return static_cast<T>(bits >> (64 - digits)) / static_cast<T>(std::uint64_t(1) << digits);
}

template <class T>
T unit_signed(std::uint64_t bits) {
  return unit_interval<T>(bits) * T(2) - T(1);
}

template <class T>
T uniform_value(std::uint64_t bits) {
  if constexpr (std::is_floating_point_v<T>) {
    return unit_signed<T>(bits);
  } else {
    return static_cast<T>(bits);  // all bits of the type's width, wrapping as unsigned
  }
}

// Element i of n evenly spread over the type's range, ascending.
template <class T>
T spread(std::uint64_t i, std::uint64_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(-1.0L + 2.0L * static_cast<long double>(i) / static_cast<long double>(n));
  } else {
    using U = std::make_unsigned_t<T>;
    // i/n in [0, 1) scaled to the range; long double keeps the result monotone in i.
    const long double span = static_cast<long double>(std::numeric_limits<U>::max());
    const U offset =
        static_cast<U>(static_cast<long double>(i) / static_cast<long double>(n) * span);
    return static_cast<T>(
        static_cast<U>(static_cast<U>(std::numeric_limits<T>::lowest()) + offset));
  }
}

template <class T>
T special_value(std::uint64_t which) {
  using L = std::numeric_limits<T>;
  static const std::array<T, 8> values{
      T(0),           -T(0),           L::infinity(),   -L::infinity(),
      L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(), -L::denorm_min()};
  return values[which % values.size()];
}

template <class T>
void fill(std::span<T> out, distribution d, std::uint64_t seed) {
  const std::uint64_t n = out.size();
  switch (d) {
    case distribution::uniform:
      for (std::uint64_t i = 0; i < n; ++i) out[i] = uniform_value<T>(bits_at(seed, 0, i));
      break;
    case distribution::nonnegative:
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t b = bits_at(seed, 0, i);
        if constexpr (std::is_floating_point_v<T>)
          out[i] = unit_interval<T>(b);
        else
          out[i] = T(uniform_value<T>(b) & std::numeric_limits<T>::max());
      }
      break;
    case distribution::small:
      for (std::uint64_t i = 0; i < n; ++i) out[i] = static_cast<T>(bits_at(seed, 0, i) >> 62);
      break;
    case distribution::all_equal: {
      const T value = std::is_floating_point_v<T> ? uniform_value<T>(bits_at(seed, 1, 0))
                                                  : static_cast<T>(bits_at(seed, 1, 0) % 1000);
      for (std::uint64_t i = 0; i < n; ++i) out[i] = value;
      break;
    }
    case distribution::sorted:
      for (std::uint64_t i = 0; i < n; ++i) out[i] = spread<T>(i, n);
      break;
    case distribution::reverse_sorted:
      for (std::uint64_t i = 0; i < n; ++i) out[i] = spread<T>(n - 1 - i, n);
      break;
    case distribution::few_unique: {
      std::array<T, 16> palette;
      for (std::uint64_t k = 0; k < palette.size(); ++k)
        palette[k] = uniform_value<T>(bits_at(seed, 2, k));
      for (std::uint64_t i = 0; i < n; ++i) out[i] = palette[bits_at(seed, 0, i) >> 60];
      break;
    }
    case distribution::float_special:
      if constexpr (std::is_floating_point_v<T>) {
        // One element in four is special; the rest are uniform in [-1, 1).
        for (std::uint64_t i = 0; i < n; ++i) {
          const std::uint64_t b = bits_at(seed, 0, i);
          out[i] = (b >> 62) == 0 ? special_value<T>(b & 7) : uniform_value<T>(b);
        }
        break;
      }
      throw std::invalid_argument("float_special is defined for f32 and f64 only");
    default:  // the text distributions: generate() makes them
      throw std::invalid_argument(std::string(to_string(d)) + " is a text distribution");
  }
}

constexpr std::array<std::pair<distribution, std::string_view>, 8> names{{
    {distribution::uniform, "uniform"},
    {distribution::small, "small"},
    {distribution::all_equal, "all_equal"},
    {distribution::sorted, "sorted"},
    {distribution::reverse_sorted, "reverse_sorted"},
    {distribution::few_unique, "few_unique"},
    {distribution::float_special, "float_special"},
    {distribution::nonnegative, "nonnegative"},
}};

}  // namespace

std::string_view to_string(distribution d) {
  for (const auto& [v, name] : names)
    if (v == d) return name;
  if (const auto mix = text_mix_of(d)) return utf8::to_string(*mix);
  return "unknown";
}

std::optional<distribution> parse_distribution(std::string_view name) {
  for (const auto& [v, n] : names)
    if (n == name) return v;
  if (const auto mix = utf8::parse_text_mix(name))
    for (const distribution d : text_distributions)
      if (text_mix_of(d) == mix) return d;
  return std::nullopt;
}

std::optional<utf8::text_mix> text_mix_of(distribution d) {
  for (std::size_t i = 0; i < std::size(text_distributions); ++i)
    if (text_distributions[i] == d) return utf8::all_text_mixes[i];
  return std::nullopt;
}

bool applies_to(distribution d, parprim_dtype dtype) {
  if (text_mix_of(d)) return dtype == PARPRIM_U8 || dtype == PARPRIM_U32;
  if (dtype == PARPRIM_U8) return false;
  return d != distribution::float_special || is_float(dtype);
}

host_array generate(parprim_dtype dtype, distribution d, std::uint64_t n, std::uint64_t seed,
                    double error_rate) {
  if (!applies_to(d, dtype))
    throw std::invalid_argument(std::string(to_string(d)) + " inputs of " +
                                std::string(to_string(dtype)) + " do not exist");
  if (const auto mix = text_mix_of(d)) {
    host_array a(dtype, n);
    if (dtype == PARPRIM_U8) {
      const auto text = utf8::generate_text(*mix, n, error_rate, seed);
      std::copy(text.begin(), text.end(), a.as<std::uint8_t>().begin());
    } else {
      const auto points = utf8::generate_code_points(*mix, n, error_rate, seed);
      std::copy(points.begin(), points.end(), a.as<std::uint32_t>().begin());
    }
    return a;
  }
  if (error_rate != 0)
    throw std::invalid_argument("an error rate applies to text inputs only, not " +
                                std::string(to_string(d)));
  host_array a(dtype, n);
  dispatch_dtype(dtype, [&]<class T>() { fill(a.as<T>(), d, seed); });
  return a;
}

host_array generate_values(parprim_dtype dtype, std::uint64_t n) {
  host_array a(dtype, n);
  dispatch_dtype(dtype, [&]<class T>() {
    auto v = a.as<T>();
    for (std::uint64_t i = 0; i < n; ++i) v[i] = static_cast<T>(i);
  });
  return a;
}

}  // namespace parprim
