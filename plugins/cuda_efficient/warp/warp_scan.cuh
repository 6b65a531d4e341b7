// Sums across the 32 lanes of a warp, with shuffles only: shared by the look-back kernels, the
// Onesweep sort and the course's radix sort.
#pragma once

namespace parprim::cuda_efficient {

inline constexpr unsigned full_warp = 0xFFFFFFFFu;

/// The sum of x over the warp, in every lane.
template <class V>
__device__ __forceinline__ V warp_sum(V x) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) x = V(x + __shfl_xor_sync(full_warp, x, d));
  return x;
}

/// Inclusive scan across the lanes of a warp; `exclusive` gets the same scan shifted by one lane
/// (0 in lane 0), taken from the neighbour rather than by subtraction, which floats would round.
template <class V>
__device__ __forceinline__ V warp_inclusive(V x, V& exclusive) {
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const V y = __shfl_up_sync(full_warp, x, d);
    if (lane >= d) x = V(x + y);
  }
  exclusive = __shfl_up_sync(full_warp, x, 1);
  if (lane == 0) exclusive = V(0);
  return x;
}

}  // namespace parprim::cuda_efficient
