// Hillis-Steele inside a block, in shared memory (double-buffered, so no level reads what it
// writes), block totals scanned recursively by the same kernel, then each block's offset added.
// Each thread owns one element: the algorithm's log2(block) levels, no idle threads beyond the
// ones a level leaves without a partner. The block size is the variant's `block_size`
// parameter, so the two buffers live in dynamic shared memory (2 x block elements).
#pragma once

#include <cstdint>
#include <vector>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_naive {

template <class S>
__global__ void __launch_bounds__(cuda::max_block_threads)
    hillis_steele_block(const S* in, S* out, S* block_totals, std::uint64_t n, bool inclusive) {
  const unsigned block = blockDim.x, t = threadIdx.x;
  S* current = cuda::dynamic_shared<S>();
  S* next = current + block;
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * block + t;
  current[t] = i < n ? in[i] : S(0);  // padding with 0 leaves the sums unchanged
  __syncthreads();
  for (unsigned d = 1; d < block; d *= 2) {
    next[t] = t >= d ? S(current[t - d] + current[t]) : current[t];
    S* const swap = current;
    current = next;
    next = swap;
    __syncthreads();
  }
  if (i < n) out[i] = inclusive ? current[t] : (t == 0 ? S(0) : current[t - 1]);
  if (t == block - 1 && block_totals) block_totals[blockIdx.x] = current[t];
}

/// out[i] += offsets[block of i], for blocks of `block` elements.
template <class S>
__global__ void add_block_offsets(S* out, const S* offsets, std::uint64_t n, unsigned block) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    out[i] = S(offsets[i / block] + out[i]);
}

/// The scratch of a multi-level scan of n elements in blocks of `block` (a power of two): per
/// level, the block totals and their scan.
template <class S>
struct shared_scan_scratch {
  unsigned block;
  std::vector<cuda::device_buffer<S>> totals, scanned;
  shared_scan_scratch(std::uint64_t n, unsigned block_threads) : block(block_threads) {
    for (std::uint64_t blocks = cuda::tiles_for(n, block); blocks > 1;
         blocks = cuda::tiles_for(blocks, block)) {
      totals.emplace_back(blocks);
      scanned.emplace_back(blocks);
    }
  }
};

template <class S>
void hillis_steele_shared_scan(const S* in, S* out, std::uint64_t n, bool inclusive,
                               shared_scan_scratch<S>& scratch, unsigned level,
                               cudaStream_t stream) {
  if (n == 0) return;
  const unsigned block = scratch.block;
  const std::uint64_t blocks = cuda::tiles_for(n, block);
  S* totals = blocks > 1 ? scratch.totals[level].get() : nullptr;
  hillis_steele_block<S><<<static_cast<unsigned>(blocks), block, 2 * block * sizeof(S), stream>>>(
      in, out, totals, n, inclusive);
  PARPRIM_CUDA_CHECK_LAUNCH("hillis_steele_block");
  if (blocks == 1) return;
  S* offsets = scratch.scanned[level].get();
  hillis_steele_shared_scan<S>(totals, offsets, blocks, false, scratch, level + 1, stream);
  add_block_offsets<S><<<cuda::grid_for(n, block), block, 0, stream>>>(out, offsets, n, block);
  PARPRIM_CUDA_CHECK_LAUNCH("add_block_offsets");
}

}  // namespace parprim::cuda_naive
