// Typed access to a kernel's dynamic shared memory. The `extern __shared__` array has one
// name and alignment for every instantiation (declaring it per element type is an error), so
// each kernel views it as the type it needs.
#pragma once

namespace parprim::cuda {

template <class T>
__device__ __forceinline__ T* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char parprim_dynamic_shared_bytes[];
  return reinterpret_cast<T*>(parprim_dynamic_shared_bytes);
}

}  // namespace parprim::cuda
