// Hillis-Steele inside a block, in shared memory (double-buffered, so no level reads what it
// writes), block totals scanned recursively by the same kernel, then each block's offset added.
// Each thread owns one element: the algorithm's log2(block) levels, no idle threads beyond the
// ones a level leaves without a partner. The block size is the variant's `block_size`
// parameter: the kernel is compiled for each allowed size (cuda::block_sizes), so that
// its levels stay unrolled.
#pragma once

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_naive {

template <class S, unsigned Block>
__global__ void __launch_bounds__(Block)
    hillis_steele_block(const S* in, S* out, S* block_totals, std::uint64_t n, bool inclusive) {
  __shared__ S buffer[2][Block];
  const unsigned t = threadIdx.x;
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * Block + t;
  int current = 0;
  buffer[current][t] = i < n ? in[i] : S(0);  // padding with 0 leaves the sums unchanged
  __syncthreads();
#pragma unroll
  for (unsigned d = 1; d < Block; d *= 2) {
    const int next = 1 - current;
    buffer[next][t] = t >= d ? S(buffer[current][t - d] + buffer[current][t]) : buffer[current][t];
    current = next;
    __syncthreads();
  }
  if (i < n) out[i] = inclusive ? buffer[current][t] : (t == 0 ? S(0) : buffer[current][t - 1]);
  if (t == Block - 1 && block_totals) block_totals[blockIdx.x] = buffer[current][t];
}

/// out[i] += offsets[block of i], for blocks of 2^block_shift elements (a shift, where a 64-bit
/// division by a run-time block size costs tens of instructions per element).
template <class S>
__global__ void add_block_offsets(S* out, const S* offsets, std::uint64_t n, unsigned block_shift) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    out[i] = S(offsets[i >> block_shift] + out[i]);
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
  const bool launched = cuda::block_sizes::dispatch(block, [&]<int Block>() {
    hillis_steele_block<S, Block>
        <<<static_cast<unsigned>(blocks), Block, 0, stream>>>(in, out, totals, n, inclusive);
  });
  if (!launched) throw std::invalid_argument("block_size " + std::to_string(block));
  PARPRIM_CUDA_CHECK_LAUNCH("hillis_steele_block");
  if (blocks == 1) return;
  S* offsets = scratch.scanned[level].get();
  hillis_steele_shared_scan<S>(totals, offsets, blocks, false, scratch, level + 1, stream);
  add_block_offsets<S><<<cuda::grid_for(n, block), block, 0, stream>>>(
      out, offsets, n, static_cast<unsigned>(std::countr_zero(block)));
  PARPRIM_CUDA_CHECK_LAUNCH("add_block_offsets");
}

}  // namespace parprim::cuda_naive
