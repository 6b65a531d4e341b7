// Addition with the scan semantics of parprim: integers wrap like unsigned arithmetic.
#pragma once

#include <type_traits>

namespace parprim::host {

template <class T>
inline T wrapping_add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return a + b;
  }
}

}  // namespace parprim::host
