// Launch geometry shared by the CUDA plugins. Element counts are 64-bit: kernels index with
// uint64_t and grid-stride loops, so no launch needs more than a bounded number of blocks.
#pragma once

#include <cstdint>

namespace parprim::cuda {

/// Blocks for a grid-stride loop over n elements: enough to fill any current GPU, never more
/// than the elements need.
inline unsigned grid_for(std::uint64_t n, unsigned threads) {
  const std::uint64_t wanted = (n + threads - 1) / threads;
  constexpr std::uint64_t cap = 1u << 16;
  return static_cast<unsigned>(wanted == 0 ? 1 : (wanted < cap ? wanted : cap));
}

/// Blocks for one tile per block (tiles of `tile` elements), as a 64-bit count.
inline std::uint64_t tiles_for(std::uint64_t n, std::uint64_t tile) {
  return (n + tile - 1) / tile;
}

/// The first index and the stride of a grid-stride loop, in 64 bits.
__device__ __forceinline__ std::uint64_t global_index() {
  return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::uint64_t grid_stride() {
  return static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
}

/// The smallest index type that holds n (and sums up to n): 32 bits where that suffices, since
/// 64-bit counts double the traffic of flag and histogram arrays.
template <class Fn>
void with_index_type(std::uint64_t n, Fn&& fn) {
  if (n < 0xFFFFFFFFull)
    fn.template operator()<std::uint32_t>();
  else
    fn.template operator()<std::uint64_t>();
}

}  // namespace parprim::cuda
