#include "parprim/validate.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "parprim/utf8/operations.hpp"

namespace parprim {
namespace {

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::optional<mismatch> compare_exact(const char* what, std::span<const T> expected,
                                      std::span<const T> actual, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i)
    if (!same_bits(expected[i], actual[i]))
      return mismatch{what, i, format_value(expected[i]), format_value(actual[i])};
  return std::nullopt;
}

// Walks the input once, carrying the long double prefix sum and the prefix sum of magnitudes
// that bounds the rounding error of any summation order.
template <class T>
std::optional<mismatch> check_float_scan(const problem& p, std::span<const T> in,
                                         std::span<const T> actual) {
  long double sum = 0, abs_sum = 0;
  const bool inclusive = p.scan_kind == PARPRIM_SCAN_INCLUSIVE;
  for (std::uint64_t i = 0; i < in.size(); ++i) {
    if (inclusive) {
      sum += in[i];
      abs_sum += std::fabs(static_cast<long double>(in[i]));
    }
    const std::uint64_t terms = inclusive ? i + 1 : i;
    const T a = actual[i];
    bool ok;
    if (std::isnan(sum)) {
      ok = std::isnan(a);
    } else if (std::isinf(sum)) {
      ok = static_cast<long double>(a) == sum;
    } else {
      ok = std::isfinite(a) && std::fabs(static_cast<long double>(a) - sum) <=
                                   float_scan_tolerance(p.dtype, terms, abs_sum);
    }
    if (!ok) return mismatch{"element", i, format_value(static_cast<T>(sum)), format_value(a)};
    if (!inclusive) {
      sum += in[i];
      abs_sum += std::fabs(static_cast<long double>(in[i]));
    }
  }
  return std::nullopt;
}

}  // namespace

std::string mismatch::describe() const {
  return what + " " + std::to_string(index) + ": expected " + expected + ", actual " + actual;
}

double float_scan_tolerance(parprim_dtype dtype, std::uint64_t terms, long double abs_sum) {
  // Higham's bound for a sum of m terms in any order is (m-1)u * sum|x|; one more u covers the
  // rounding of the result, and denorm_min keeps an all-zero prefix exact but not brittle.
  const double u = dtype == PARPRIM_F32 ? std::numeric_limits<float>::epsilon() / 2
                                        : std::numeric_limits<double>::epsilon() / 2;
  const double denorm = dtype == PARPRIM_F32 ? std::numeric_limits<float>::denorm_min()
                                             : std::numeric_limits<double>::denorm_min();
  return static_cast<double>(static_cast<long double>(terms) * u * abs_sum) + denorm;
}

template <class T>
std::string format_value(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(value)) {
      using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
      const U bits = std::bit_cast<U>(value);
      char hex[32];
      auto [end, ec] = std::to_chars(hex, hex + sizeof hex, bits, 16);
      (void)ec;
      return std::string(std::signbit(value) ? "-nan" : "nan") + "(0x" + std::string(hex, end) +
             ")";
    }
  }
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  (void)ec;
  return std::string(buf, end);
}

template std::string format_value(std::int32_t);
template std::string format_value(std::uint32_t);
template std::string format_value(std::int64_t);
template std::string format_value(std::uint64_t);
template std::string format_value(float);
template std::string format_value(double);

std::optional<mismatch> validate(const problem& p, const host_array& in,
                                 const reference_output& expected, const backend_output& actual) {
  if (is_utf8(p.operation)) return utf8::check_output(p, expected, actual);
  if (!actual.out || actual.out->dtype() != p.dtype || actual.out->size() != in.size())
    throw std::invalid_argument("validate: output missing or of the wrong type or size");
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::optional<mismatch> {
    const auto want = expected.out.as<T>();
    const auto got = actual.out->as<T>();
    switch (p.operation) {
      case PARPRIM_OP_UTF8_DECODE:
      case PARPRIM_OP_UTF8_ENCODE:
        break;  // utf8::check_output, above
      case PARPRIM_OP_SCAN:
        if constexpr (std::is_floating_point_v<T>) return check_float_scan<T>(p, in.as<T>(), got);
        return compare_exact<T>("element", want, got, in.size());
      case PARPRIM_OP_COMPACT:
        if (actual.count != expected.count)
          return mismatch{"count", 0, std::to_string(expected.count), std::to_string(actual.count)};
        return compare_exact<T>("element", want, got, expected.count);
      case PARPRIM_OP_SORT:
        if (auto m = compare_exact<T>("element", want, got, in.size())) return m;
        if (p.sort_payload == PARPRIM_SORT_PAIRS) {
          if (!actual.values_out || actual.values_out->size() != in.size())
            throw std::invalid_argument("validate: sort pairs output has no values");
          return compare_exact<T>("value", expected.values_out.as<T>(), actual.values_out->as<T>(),
                                  in.size());
        }
        return std::nullopt;
    }
    return std::nullopt;
  });
}

}  // namespace parprim
