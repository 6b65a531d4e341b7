// How a sort across GPUs chooses each GPU's key range (docs/algorithms/multi_gpu.md).
//
// Elements are ordered by (radix key, global position): a total order, consistent with a
// stable sort, in which no two elements tie. Each GPU samples its shard at stratified random
// positions; every GPU sorts the gathered samples the same way and takes the samples at ranks
// S/k, 2S/k, ... as splitters; an element's destination is the number of splitters at or below
// it. Because positions break ties, equal keys are split between GPUs by position like any
// others: a shard of all-equal keys is divided as evenly as one of distinct keys.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "parprim/radix_key.hpp"

namespace parprim::nccl {

/// A 64-bit mix (splitmix64's finaliser): the sample positions' random offsets.
__host__ __device__ inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// Sample j of `samples` from a shard of n elements whose first has global position `base`:
/// a random position in the j-th of `samples` equal strata. An empty shard gives samples that
/// sort last (key and position all ones), so they choose no splitter below a real element.
template <class T>
__global__ void sample_shard(const T* keys, std::uint64_t n, std::uint64_t base, bool descending,
                             std::uint32_t samples, std::uint64_t seed, radix_key_t<T>* out_keys,
                             std::uint64_t* out_positions) {
  const std::uint32_t j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= samples) return;
  if (n == 0) {
    out_keys[j] = ~radix_key_t<T>(0);
    out_positions[j] = ~std::uint64_t(0);
    return;
  }
  const std::uint64_t lo = std::uint64_t(j) * n / samples,
                      hi = (std::uint64_t(j) + 1) * n / samples;
  const std::uint64_t pick =
      hi > lo ? lo + mix64(seed ^ (base + j)) % (hi - lo) : (lo < n ? lo : n - 1);
  out_keys[j] = to_radix_key(keys[pick], descending);
  out_positions[j] = base + pick;
}

/// For each element of a shard, its destination GPU (the number of splitters at or below it
/// in (key, position) order), and the count of elements per destination. The k - 1 splitters
/// are sorted[total / k * b] for b = 1..k-1 of the sorted samples. The GPU count is a template
/// parameter: with its loops unrolled to it the kernel is bound by memory, not by instructions.
template <class T, int gpus>
__global__ void assign_ranges(const T* keys, std::uint64_t n, std::uint64_t base, bool descending,
                              const radix_key_t<T>* sorted_keys,
                              const std::uint64_t* sorted_positions, std::uint32_t total_samples,
                              std::uint8_t* destination, unsigned long long* counts) {
  using K = radix_key_t<T>;
  __shared__ K split_key[gpus];
  __shared__ std::uint64_t split_position[gpus];
  __shared__ unsigned long long block_counts[gpus];
  if (threadIdx.x < gpus) {
    block_counts[threadIdx.x] = 0;
    if (threadIdx.x >= 1) {
      const std::uint64_t at = std::uint64_t(total_samples) * threadIdx.x / gpus;
      split_key[threadIdx.x] = sorted_keys[at];
      split_position[threadIdx.x] = sorted_positions[at];
    }
  }
  __syncthreads();
  unsigned local[gpus] = {};
  const auto destination_of = [&](T value, std::uint64_t i) {
    const K key = to_radix_key(value, descending);
    const std::uint64_t position = base + i;
    int d = 0;
#pragma unroll
    for (int b = 1; b < gpus; ++b)
      d += key > split_key[b] || (key == split_key[b] && position >= split_position[b]);
#pragma unroll
    for (int b = 0; b < gpus; ++b) local[b] += d == b;
    return d;
  };
  // 16 bytes of keys per load and their destinations stored together: one 4-byte load per
  // thread at a time kept too few bytes in flight to reach the memory's bandwidth.
  constexpr int per_vector = 16 / sizeof(T);
  using packed_t = std::conditional_t<per_vector == 4, std::uint32_t, std::uint16_t>;
  const std::uint64_t vectors = n / per_vector;
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  const std::uint64_t first = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
  for (std::uint64_t v = first; v < vectors; v += stride) {
    const uint4 raw = reinterpret_cast<const uint4*>(keys)[v];
    T values[per_vector];
    std::memcpy(values, &raw, sizeof raw);
    packed_t packed = 0;
#pragma unroll
    for (int j = 0; j < per_vector; ++j)
      packed |= packed_t(destination_of(values[j], v * per_vector + j) << (8 * j));
    reinterpret_cast<packed_t*>(destination)[v] = packed;
  }
  for (std::uint64_t i = vectors * per_vector + first; i < n; i += stride)
    destination[i] = std::uint8_t(destination_of(keys[i], i));
#pragma unroll
  for (int b = 0; b < gpus; ++b)
    if (local[b]) atomicAdd(&block_counts[b], local[b]);
  __syncthreads();
  if (int(threadIdx.x) < gpus && block_counts[threadIdx.x])
    atomicAdd(&counts[threadIdx.x], block_counts[threadIdx.x]);
}

/// length (and values_length, when not null) = the elements every GPU sends to `rank`: column
/// `rank` of the gathered counts.
__global__ void received_length(const unsigned long long* matrix, int gpus, int rank,
                                std::uint64_t* length, std::uint64_t* values_length) {
  std::uint64_t sum = 0;
  for (int q = 0; q < gpus; ++q) sum += matrix[q * gpus + rank];
  *length = sum;
  if (values_length) *values_length = sum;
}

}  // namespace parprim::nccl
