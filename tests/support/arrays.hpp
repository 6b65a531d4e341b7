// Small conversions between std::vector and host_array for tests.
#pragma once

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

}  // namespace parprim::test
