// An element pointer moved by a signed count as an address, so that it may point before its
// array for a while (a base that a later non-negative index brings back inside) without the
// undefined behaviour of pointer arithmetic outside an array.
#pragma once

#include <cstdint>

namespace parprim::cuda {

/// `base` moved by `by` elements, either way.
template <class T>
__host__ __device__ __forceinline__ T* offset_address(T* base, std::int64_t by) {
  return reinterpret_cast<T*>(reinterpret_cast<std::uintptr_t>(base) +
                              static_cast<std::uintptr_t>(by * std::int64_t(sizeof(T))));
}

}  // namespace parprim::cuda
