#include "parprim/key_domain.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

namespace parprim {

std::optional<std::uint64_t> first_key_below_zero(const host_array& keys) {
  return dispatch_dtype(keys.dtype(), [&]<class T>() -> std::optional<std::uint64_t> {
    if constexpr (std::is_unsigned_v<T>) {
      return std::nullopt;
    } else {
      const auto k = keys.as<T>();
      for (std::uint64_t i = 0; i < k.size(); ++i)
        if (!(k[i] >= T(0))) return i;  // a NaN compares false
      return std::nullopt;
    }
  });
}

host_array with_sign_bits_cleared(const host_array& keys) {
  host_array out(keys.dtype(), keys.size());
  dispatch_dtype(keys.dtype(), [&]<class T>() {
    const auto in = keys.as<T>();
    auto o = out.as<T>();
    for (std::uint64_t i = 0; i < in.size(); ++i) {
      if constexpr (std::is_floating_point_v<T>)
        o[i] = std::isnan(in[i]) ? std::numeric_limits<T>::infinity() : std::fabs(in[i]);
      else if constexpr (std::is_signed_v<T>)
        o[i] = T(in[i] & std::numeric_limits<T>::max());
      else
        o[i] = in[i];
    }
  });
  return out;
}

}  // namespace parprim
