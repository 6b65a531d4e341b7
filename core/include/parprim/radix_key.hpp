// Order-preserving maps from element types to unsigned radix keys, shared by every radix sort.
//
// Unsigned integers map to themselves; signed integers have their sign bit flipped; floats
// follow CUB's order: -NaN < -inf < ... < -0.0 = +0.0 < ... < +inf < +NaN. -0.0 is mapped to
// the key of +0.0, so the two compare equal and a stable sort keeps them in input order.
// Descending order is the ascending order of the complemented key, which keeps ties stable.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__CUDACC__)
#define PARPRIM_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define PARPRIM_HOST_DEVICE inline
#endif

namespace parprim {

template <class T>
using radix_key_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
PARPRIM_HOST_DEVICE radix_key_t<T> to_radix_key(T value) {
  using K = radix_key_t<T>;
  constexpr K sign = K(1) << (sizeof(K) * 8 - 1);
  K bits;
  std::memcpy(&bits, &value, sizeof(K));
  if constexpr (std::is_floating_point_v<T>) {
    if (bits == sign) bits = 0;  // -0.0 sorts as +0.0
    return (bits & sign) ? K(~bits) : K(bits | sign);
  } else if constexpr (std::is_signed_v<T>) {
    return bits ^ sign;
  } else {
    return bits;
  }
}

template <class T>
PARPRIM_HOST_DEVICE radix_key_t<T> to_radix_key(T value, bool descending) {
  const radix_key_t<T> key = to_radix_key(value);
  return descending ? radix_key_t<T>(~key) : key;
}

}  // namespace parprim
