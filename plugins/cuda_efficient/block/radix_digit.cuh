// A key's radix digit, shared by the radix sorts (tile_radix_sort.cuh, the Onesweep kernels):
// the digit of its order-preserving radix key (parprim/radix_key.hpp), complemented for a
// descending sort.
#pragma once

#include "parprim/radix_key.hpp"

namespace parprim::cuda_efficient {

template <class T>
__device__ __forceinline__ unsigned digit_of(T key, unsigned shift, unsigned mask,
                                             bool descending) {
  return static_cast<unsigned>((to_radix_key(key, descending) >> shift) & mask);
}

}  // namespace parprim::cuda_efficient
