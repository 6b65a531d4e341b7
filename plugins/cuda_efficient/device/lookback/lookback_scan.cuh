// Scan `lookback`: the single-pass scan with decoupled look-back (decoupled_lookback.cuh). Each
// element is read once and written once, so the scan can approach a copy's bandwidth, where
// `blelloch` (reduce, then scan again) reads the input twice.
//
// A block loads its tile in the warp-striped layout (warp_striped_tile.cuh: 16-byte vectors,
// Items per thread in registers), scans it with shuffles, publishes the tile's sum, looks back
// for its prefix, adds it and stores. When the input is one tile the kernel skips the counter
// and the states (the short path for small n): one launch, no atomics.
//
// Floats: each tile's prefix is summed from whichever predecessors had published what when it
// looked, so the order of the additions, and with it the rounding, can differ from run to run
// (as with CUB's scan); integers are exact (sums wrap) and identical every run.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/launch.cuh"
#include "shapes/lookback_shape.hpp"
#include "single_pass/warp_striped_tile.cuh"

namespace parprim::cuda_efficient {

template <class S, int Items>
__global__ void __maxnreg__(lookback_max_registers<sizeof(S)>)
    lookback_scan_tile(const S* in, S* out, std::uint64_t n, tile_states_view<S> states,
                       bool inclusive, bool aligned, bool single_tile) {
  using layout = warp_striped<S, Items>;
  __shared__ tile_offsets<S> offsets;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  S v[Items];
  const auto [tile, segment] = load_block_tile(in, n, v, aligned, S(0), states, single_tile);
  const auto [begin, valid] = segment;
  S running = S(0);  // the sum of this warp's earlier chunks
#pragma unroll
  for (int k = 0; k < layout::chunks; ++k) {
    S sum = S(0);  // within the lane's vector
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) {
      const S before = sum;
      sum = S(sum + v[k * layout::vec + j]);
      v[k * layout::vec + j] = inclusive ? sum : before;
    }
    S lanes_before;
    const S through = warp_inclusive(sum, lanes_before);
    const S base = S(running + lanes_before);
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) v[k * layout::vec + j] = S(base + v[k * layout::vec + j]);
    running = S(running + __shfl_sync(full_warp, through, 31));
  }
  if (lane == 0) offsets.warp_offset[warp] = running;
  resolve_tile_offsets(offsets, states, tile, single_tile);
  const S offset = S(offsets.tile_prefix + offsets.warp_offset[warp]);
#pragma unroll
  for (int i = 0; i < Items; ++i) v[i] = S(offset + v[i]);
  layout::store(out + begin, valid, v, aligned);
}

/// The device-wide single-pass scan of n elements of S (a plan's engine: scan_plan).
template <class S>
class lookback_scanner {
 public:
  lookback_scanner(std::uint64_t n, lookback_shape shape)
      : shape_(shape.resolved(sizeof(S), lookback_work::scan)),
        tiles_(cuda::tiles_for(n, shape_.tile())),
        states_(tiles_ > 1 ? tiles_ : 0) {}

  void scan(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream) {
    if (n == 0) return;
    const bool aligned = is_aligned16(in) && is_aligned16(out);
    const bool single = tiles_ == 1;
    const tile_states_view<S> view = single ? tile_states_view<S>{} : states_.next_run(stream);
    lookback_items::dispatch(shape_.items_per_thread, [&]<int Items>() {
      lookback_scan_tile<S, Items>
          <<<static_cast<unsigned>(tiles_), shape_.block_threads, 0, stream>>>(
              in, out, n, view, inclusive, aligned, single);
    });
    PARPRIM_CUDA_CHECK_LAUNCH("lookback_scan_tile");
  }

 private:
  lookback_shape shape_;
  std::uint64_t tiles_;
  tile_states<S> states_;
};

}  // namespace parprim::cuda_efficient
