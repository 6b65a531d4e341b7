// Small conversions between std::vector and host_array for tests.
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include "parprim/host_array.hpp"

namespace parprim::test {

template <class T>
host_array make_array(const std::vector<T>& values) {
  host_array a(dtype_of<T>::value, values.size());
  if (!values.empty()) std::memcpy(a.data(), values.data(), values.size() * sizeof(T));
  return a;
}

template <class T>
std::vector<T> to_vector(const host_array& a, std::uint64_t count) {
  const auto s = a.as<T>();
  return std::vector<T>(s.begin(), s.begin() + count);
}

template <class T>
std::vector<T> to_vector(const host_array& a) {
  return to_vector<T>(a, a.size());
}

/// Skewed sort keys: `per_100` elements of every hundred (those whose index modulo 100 is below
/// it) set to element 0's value, so that one bucket of a radix split holds that share.
inline void repeat_first_element(host_array& a, std::uint64_t per_100) {
  const std::size_t size = dtype_size(a.dtype());
  auto* bytes = static_cast<std::byte*>(a.data());
  for (std::uint64_t i = 1; i < a.size(); ++i)
    if (i % 100 < per_100) std::memcpy(bytes + i * size, bytes, size);
}

}  // namespace parprim::test
