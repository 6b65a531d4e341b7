// The naive scan exactly as the course teaches it: Hillis-Steele, one launch per level, each
// level reading one global buffer and writing the other. O(n log n) additions and log2(n) full
// passes over memory: the teaching baseline, kept for comparison.
#pragma once

#include <cstdint>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/launch.cuh"
#include "parprim/host/ping_pong.hpp"

namespace parprim::cuda_naive {

/// out[i] = in[i-1], out[0] = 0: an exclusive scan is the inclusive scan of this.
template <class S>
__global__ void shift_right(const S* in, S* out, std::uint64_t n) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    out[i] = i == 0 ? S(0) : in[i - 1];
}

/// One level: out[i] = in[i - d] + in[i] where i >= d, else in[i].
template <class S>
__global__ void hillis_steele_level(const S* in, S* out, std::uint64_t n, std::uint64_t d) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    out[i] = i >= d ? S(in[i - d] + in[i]) : in[i];
}

/// Scans in[0..n) into out with blocks of `threads`; `scratch` holds n elements. The passes
/// alternate between out and scratch so that the last one writes out and in is never written.
template <class S>
void hillis_steele_global_scan(const S* in, S* out, S* scratch, std::uint64_t n, bool inclusive,
                               unsigned threads, cudaStream_t stream) {
  if (n == 0) return;
  unsigned levels = 0;
  while ((std::uint64_t{1} << levels) < n) ++levels;
  const unsigned steps = levels + (inclusive ? 0 : 1);
  if (steps == 0) {  // one element, inclusive
    PARPRIM_CUDA_CHECK(cudaMemcpyAsync(out, in, sizeof(S), cudaMemcpyDeviceToDevice, stream));
    return;
  }
  const unsigned blocks = cuda::grid_for(n, threads);
  for (unsigned k = 0; k < steps; ++k) {
    const auto b = host::pass_buffers<S>(k, steps, in, out, scratch);
    if (!inclusive && k == 0) {
      shift_right<<<blocks, threads, 0, stream>>>(b.source, b.destination, n);
      PARPRIM_CUDA_CHECK_LAUNCH("shift_right");
    } else {
      const unsigned level = inclusive ? k : k - 1;
      hillis_steele_level<<<blocks, threads, 0, stream>>>(b.source, b.destination, n,
                                                          std::uint64_t{1} << level);
      PARPRIM_CUDA_CHECK_LAUNCH("hillis_steele_level");
    }
  }
}

}  // namespace parprim::cuda_naive
