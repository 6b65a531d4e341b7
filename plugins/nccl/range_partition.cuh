// A stable partition of a shard by destination GPU, in the order the exchange sends it: all
// elements for GPU 0, then GPU 1, ..., each part in shard order (docs/algorithms/multi_gpu.md).
//
// Three steps over tiles of 2048 elements: count_ranges counts each tile's elements per
// destination (bucket-major, so that one exclusive scan of the counts gives every (destination,
// tile) its place in the send buffer); scatter_ranges then ranks each tile's elements per
// destination with one block-wide scan of packed counters, permutes them in shared memory and
// writes each destination's run with whole lines. Keys are read twice and written once (12 bytes
// per 4-byte key; values add a read and a write), against 16 for the destination bytes and one
// pass of CUB's radix sort that this replaced.
#pragma once

#include <cub/block/block_scan.cuh>

#include <cstdint>

#include "key_ranges.cuh"

namespace parprim::nccl {

inline constexpr int partition_threads = 256;
inline constexpr int partition_items = 8;
inline constexpr int partition_tile = partition_threads * partition_items;

/// Eight 16-bit counters in two words: a tile's count per destination never exceeds 2048, so
/// the block scan adds them all at once without carries between them.
struct packed_counts {
  std::uint64_t lo = 0, hi = 0;
  __device__ unsigned get(int b) const {
    return unsigned((b < 4 ? lo >> (16 * b) : hi >> (16 * (b - 4))) & 0xffff);
  }
  __device__ void add_one(int b) {
    if (b < 4)
      lo += std::uint64_t(1) << (16 * b);
    else
      hi += std::uint64_t(1) << (16 * (b - 4));
  }
};
struct add_packed {
  __device__ packed_counts operator()(const packed_counts& a, const packed_counts& b) const {
    return {a.lo + b.lo, a.hi + b.hi};
  }
};

/// tile_counts[d * tiles + tile] = the tile's elements for destination d; counts[d] += them.
template <class T>
__global__ void __launch_bounds__(partition_threads)
    count_ranges(const T* keys, std::uint64_t n, std::uint64_t base, bool descending,
                 const radix_key_t<T>* sorted_keys, const std::uint64_t* sorted_positions,
                 std::uint32_t total_samples, int gpus, std::uint64_t tiles,
                 std::uint64_t* tile_counts, unsigned long long* counts) {
  __shared__ range_splitters<T> split;
  __shared__ unsigned block_counts[max_gpus];
  split.load(sorted_keys, sorted_positions, total_samples, gpus);
  if (threadIdx.x < max_gpus) block_counts[threadIdx.x] = 0;
  __syncthreads();
  const std::uint64_t first = blockIdx.x * std::uint64_t(partition_tile);
  unsigned local[max_gpus] = {};
#pragma unroll
  for (int j = 0; j < partition_items; ++j) {
    const std::uint64_t i = first + j * partition_threads + threadIdx.x;
    if (i >= n) break;
    const int d = split.destination(to_radix_key(keys[i], descending), base + i);
#pragma unroll
    for (int b = 0; b < max_gpus; ++b) local[b] += d == b;
  }
#pragma unroll
  for (int b = 0; b < max_gpus; ++b)
    if (local[b]) atomicAdd(&block_counts[b], local[b]);
  __syncthreads();
  if (int(threadIdx.x) < gpus) {
    tile_counts[threadIdx.x * tiles + blockIdx.x] = block_counts[threadIdx.x];
    if (block_counts[threadIdx.x]) atomicAdd(&counts[threadIdx.x], block_counts[threadIdx.x]);
  }
}

/// Loads a tile with whole lines through `staged` and hands each thread its elements in blocked
/// order (thread t: the tile's elements t * items .. t * items + items - 1), the order the ranks
/// are made in, which keeps the partition stable.
template <class T>
__device__ void load_blocked(const T* from, T* staged, std::uint64_t first, int count,
                             T (&mine)[partition_items]) {
  for (int j = 0; j < partition_items; ++j) {
    const int at = j * partition_threads + threadIdx.x;
    if (at < count) staged[at] = from[first + at];
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < partition_items; ++j) {
    const int at = threadIdx.x * partition_items + j;
    if (at < count) mine[j] = staged[at];
  }
  __syncthreads();
}

/// Puts each thread's elements at their slots of the tile's permuted order in `staged`, then
/// writes each destination's run to its place in `to` with whole lines.
template <class T>
__device__ void store_permuted(const T (&mine)[partition_items], const int (&slot)[partition_items],
                               T* staged, T* to, int count, const unsigned* bucket_start,
                               const std::uint64_t* global_start, int gpus) {
#pragma unroll
  for (int j = 0; j < partition_items; ++j)
    if (slot[j] >= 0) staged[slot[j]] = mine[j];
  __syncthreads();
  for (int j = 0; j < partition_items; ++j) {
    const int at = j * partition_threads + threadIdx.x;
    if (at >= count) break;
    int d = 0;
    for (int b = 1; b < gpus; ++b)
      if (unsigned(at) >= bucket_start[b]) d = b;
    to[global_start[d] + (at - bucket_start[d])] = staged[at];
  }
  __syncthreads();
}

/// The stable partition itself: tile_offsets is the exclusive scan of count_ranges' tile_counts.
template <class T>
__global__ void __launch_bounds__(partition_threads)
    scatter_ranges(const T* keys, const T* values, std::uint64_t n, std::uint64_t base,
                   bool descending, const radix_key_t<T>* sorted_keys,
                   const std::uint64_t* sorted_positions, std::uint32_t total_samples, int gpus,
                   std::uint64_t tiles, const std::uint64_t* tile_offsets, T* send_keys,
                   T* send_values) {
  namespace cub = CUB_NS_QUALIFIER;
  using block_scan = cub::BlockScan<packed_counts, partition_threads>;
  __shared__ range_splitters<T> split;
  __shared__ union {
    typename block_scan::TempStorage scan;
    T staged[partition_tile];
  } shared;
  __shared__ unsigned bucket_start[max_gpus];
  __shared__ std::uint64_t global_start[max_gpus];
  split.load(sorted_keys, sorted_positions, total_samples, gpus);
  const std::uint64_t first = blockIdx.x * std::uint64_t(partition_tile);
  const int count = int(n - first < partition_tile ? n - first : partition_tile);
  if (int(threadIdx.x) < gpus)
    global_start[threadIdx.x] = tile_offsets[threadIdx.x * tiles + blockIdx.x];
  __syncthreads();

  // Each thread's elements in blocked order: their destinations and ranks among the thread's.
  T mine_keys[partition_items];
  load_blocked(keys, shared.staged, first, count, mine_keys);
  int destination[partition_items], rank[partition_items];
  packed_counts mine;
#pragma unroll
  for (int j = 0; j < partition_items; ++j) {
    const int at = threadIdx.x * partition_items + j;
    destination[j] =
        at < count ? split.destination(to_radix_key(mine_keys[j], descending), base + first + at)
                   : -1;
    if (destination[j] >= 0) {
      rank[j] = int(mine.get(destination[j]));
      mine.add_one(destination[j]);
    }
  }
  packed_counts before, tile_total;
  block_scan(shared.scan).ExclusiveScan(mine, before, packed_counts{}, add_packed{}, tile_total);
  if (threadIdx.x == 0) {
    unsigned start = 0;
    for (int b = 0; b < gpus; ++b) {
      bucket_start[b] = start;
      start += tile_total.get(b);
    }
  }
  __syncthreads();
  int slot[partition_items];
#pragma unroll
  for (int j = 0; j < partition_items; ++j)
    slot[j] = destination[j] < 0
                  ? -1
                  : int(bucket_start[destination[j]] + before.get(destination[j])) + rank[j];
  store_permuted(mine_keys, slot, shared.staged, send_keys, count, bucket_start, global_start,
                 gpus);
  if (values) {
    T mine_values[partition_items];
    load_blocked(values, shared.staged, first, count, mine_values);
    store_permuted(mine_values, slot, shared.staged, send_values, count, bucket_start, global_start,
                   gpus);
  }
}

}  // namespace parprim::nccl
