// The work-efficient (Blelloch) scan inside one block, as the course's shared-memory version:
// an up-sweep and a down-sweep over a tree in shared memory, where at each level only the first
// d threads work (so whole warps drop out instead of every other thread idling), and indices are
// padded by one word every 32 (conflict_free) so that the tree's strided accesses do not fall
// into one bank. Each thread first reduces several consecutive items sequentially: the tree
// covers thread totals, and the work stays O(n).
//
// The tree has one leaf per thread, `threads` of them (a power of two). Kernels compiled for one
// block size pass it as a constant, and the sweeps unroll (the scan: a run-time block size there
// cost it 25% at 2^26 on an H100); the compaction passes blockDim.x.
#pragma once

#include <cstdint>
#include <string>

#include "parprim/cuda/block_shape.hpp"

namespace parprim::cuda_efficient {

/// The threads of a block and the consecutive items each one owns: the scan's tile is their
/// product. Both are the variants' parameters (`block_size`, `items_per_thread`).
struct tile_shape {
  int block_threads = 256;
  int items_per_thread = 8;
  constexpr int tile() const { return block_threads * items_per_thread; }
  std::string describe() const {
    return "block_size=" + std::to_string(block_threads) +
           " items_per_thread=" + std::to_string(items_per_thread);
  }
};

/// Shared-memory index with one word of padding per 32: avoids bank conflicts in strided access.
__host__ __device__ __forceinline__ constexpr int conflict_free(int i) {
  return i + (i >> 5);
}
__host__ __device__ __forceinline__ constexpr int padded(int n) {
  return n + (n >> 5);
}

/// Up-sweep over one value per thread of `threads`; leaves the block total at the tree's root.
template <class S>
__device__ __forceinline__ void blelloch_up_sweep(S* tree, S value, int threads) {
  const int t = threadIdx.x;
  tree[conflict_free(t)] = value;
  int offset = 1;
  for (int d = threads >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      const int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
      tree[conflict_free(b)] = S(tree[conflict_free(a)] + tree[conflict_free(b)]);
    }
    offset <<= 1;
  }
  __syncthreads();
}

template <class S>
__device__ __forceinline__ S blelloch_root(const S* tree, int threads) {
  return tree[conflict_free(threads - 1)];
}

/// Exclusive scan of one value per thread: returns this thread's prefix and, in `total`, the
/// block's sum. The tree may be reused once it returns.
template <class S>
__device__ __forceinline__ S blelloch_exclusive(S* tree, S value, S& total, int threads) {
  const int t = threadIdx.x;
  blelloch_up_sweep(tree, value, threads);
  total = blelloch_root(tree, threads);
  __syncthreads();
  if (t == 0) tree[conflict_free(threads - 1)] = S(0);
  int offset = threads;
  for (int d = 1; d < threads; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      const int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
      const S left = tree[conflict_free(a)];
      tree[conflict_free(a)] = tree[conflict_free(b)];
      tree[conflict_free(b)] = S(left + tree[conflict_free(b)]);
    }
  }
  __syncthreads();
  const S prefix = tree[conflict_free(t)];
  __syncthreads();
  return prefix;
}

}  // namespace parprim::cuda_efficient
