// Sequential scan of one contiguous range, seeded with a carry-in.
#pragma once

#include <cstdint>

#include "parprim/host/wrapping_sum.hpp"

namespace parprim::host {

/// Writes the scan of in[0..n) plus `carry` to out and returns the carry-out (carry + sum).
template <class T>
T scan_range(const T* in, T* out, std::uint64_t n, T carry, bool inclusive) {
  if (inclusive) {
    for (std::uint64_t i = 0; i < n; ++i) {
      carry = wrapping_add(carry, in[i]);
      out[i] = carry;
    }
  } else {
    for (std::uint64_t i = 0; i < n; ++i) {
      const T x = in[i];  // read first: in and out may not alias, but keep the load early
      out[i] = carry;
      carry = wrapping_add(carry, x);
    }
  }
  return carry;
}

/// The sum of in[0..n) (wrapping for integers), in the element type.
template <class T>
T reduce_range(const T* in, std::uint64_t n) {
  T sum = T(0);
  for (std::uint64_t i = 0; i < n; ++i) sum = wrapping_add(sum, in[i]);
  return sum;
}

}  // namespace parprim::host
