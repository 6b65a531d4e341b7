// Onesweep's up-front pass (onesweep_sort.cuh): one read of the keys counts the digits of every
// digit place at once, so that each later pass knows where every digit's keys start in its
// output before it reads a key; an LSD radix sort that counts per pass reads the keys twice per
// pass.
#pragma once

#include <cstdint>

#include "block/radix_digit.cuh"
#include "parprim/cuda/launch.cuh"
#include "shapes/onesweep_shape.hpp"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient {

inline constexpr int onesweep_histogram_threads = 512;

/// Adds the digit counts of every place (Places of them, 8 bits each) of the keys to
/// `counts[place * 256 + digit]` (64-bit: n may pass 2^32), and zeroes `zero[0..zero_words)`
/// on the way (the passes' look-back states and tile counters, so that no memset launch comes
/// before the sort). Each block counts into shared memory first (32-bit: a block sees far fewer
/// than 2^32 keys at the grid the host launches) and adds its counts to the global ones once.
template <class T, int Places>
__global__ void __launch_bounds__(onesweep_histogram_threads)
    onesweep_histogram(const T* keys, std::uint64_t n, std::uint64_t* counts, bool descending,
                       std::uint32_t* zero, std::uint64_t zero_words) {
  __shared__ std::uint32_t block_counts[Places][onesweep_radix];
  for (int i = threadIdx.x; i < Places * onesweep_radix; i += blockDim.x)
    block_counts[i / onesweep_radix][i % onesweep_radix] = 0;
  __syncthreads();
  // Several keys loaded before any is counted, so that each thread has loads in flight.
  constexpr int unroll = 8;
  const std::uint64_t stride = cuda::grid_stride();
  for (std::uint64_t first = cuda::global_index(); first < n; first += stride * unroll) {
    radix_key_t<T> key[unroll];
#pragma unroll
    for (int u = 0; u < unroll; ++u)
      if (first + u * stride < n) key[u] = to_radix_key(keys[first + u * stride], descending);
#pragma unroll
    for (int u = 0; u < unroll; ++u)
      if (first + u * stride < n)
#pragma unroll
        for (int place = 0; place < Places; ++place)
          atomicAdd(&block_counts[place]
                                 [(key[u] >> (place * onesweep_radix_bits)) & (onesweep_radix - 1)],
                    1u);
  }
  for (std::uint64_t i = cuda::global_index(); i < zero_words; i += cuda::grid_stride())
    zero[i] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < Places * onesweep_radix; i += blockDim.x) {
    const std::uint32_t c = block_counts[i / onesweep_radix][i % onesweep_radix];
    if (c) atomicAdd(reinterpret_cast<unsigned long long*>(&counts[i]), c);
  }
}

/// One block of onesweep_radix threads per digit place: the exclusive sum of the place's counts
/// over the digits (where each digit's keys start in that pass's output) into `starts`, at
/// `starts[place * stride + digit]`. Zeroes the counts it read, ready for the next run.
__global__ void __launch_bounds__(onesweep_radix)
    onesweep_digit_starts(std::uint64_t* counts, std::uint64_t* starts, std::uint64_t stride) {
  __shared__ std::uint64_t warp_totals[onesweep_radix / 32];
  const int digit = threadIdx.x, lane = digit & 31, warp = digit >> 5;
  std::uint64_t* place_counts = counts + blockIdx.x * onesweep_radix;
  const std::uint64_t count = place_counts[digit];
  place_counts[digit] = 0;
  std::uint64_t before;
  const std::uint64_t through = warp_inclusive(count, before);
  if (lane == 31) warp_totals[warp] = through;
  __syncthreads();
  for (int w = 0; w < warp; ++w) before += warp_totals[w];
  starts[blockIdx.x * stride + digit] = before;
}

}  // namespace parprim::cuda_efficient
