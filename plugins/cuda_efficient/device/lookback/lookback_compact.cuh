// Compaction `lookback`: one pass over the data with the predicate fused into the single-pass
// scan of the keep flags (decoupled_lookback.cuh). A block loads its tile (warp-striped, 16-byte
// vectors), counts what it keeps with shuffles, publishes the count, looks back for how many
// earlier tiles kept, packs its kept elements in order in shared memory and writes them out
// contiguously (coalesced, whatever the output offset). The tile that is last in the array
// writes the total count. Reads n elements, writes the kept ones: `blelloch` reads the input
// twice and launches four kernels.
//
// The packed elements sit in shared memory as packed_write.cuh places them, so that the
// write-out moves whole 16-byte vectors.
#pragma once

#include <cstdint>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/dynamic_shared.cuh"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/cuda/launch.cuh"
#include "shapes/lookback_shape.hpp"
#include "single_pass/packed_write.cuh"
#include "single_pass/warp_striped_tile.cuh"

namespace parprim::cuda_efficient {

/// Dynamic shared memory: the tile's kept elements (blockDim.x * Items of T at most) after a
/// shift of less than one vector. `aligned`: `in` is 16-byte aligned.
template <class T, class I, int Items, class Keep>
__global__ void __maxnreg__(lookback_max_registers<sizeof(T)>)
    lookback_compact_tile(const T* in, T* out, std::uint64_t* count, std::uint64_t n,
                          std::uint64_t tiles, tile_states_view<I> states, Keep keep,
                          bool aligned) {
  using layout = warp_striped<T, Items>;
  static_assert(Items <= 32, "a thread's kept items are one bit each of a 32-bit mask");
  __shared__ tile_offsets<I> offsets;
  T* packed = cuda::dynamic_shared<T>();
  const bool single = tiles == 1;
  const int lane = threadIdx.x & 31;
  T v[Items];
  const auto [tile, segment] = load_block_tile(in, n, v, aligned, T(0), states, single);
  const auto [begin, valid] = segment;
  std::uint32_t kept = 0;                  // bit k * vec + j: that item is kept
  std::uint32_t chunk_at[layout::chunks];  // where this lane's kept items of chunk k start
  warp_offsets kept_before;                // kept in this warp's earlier chunks
#pragma unroll
  for (int k = 0; k < layout::chunks; ++k) {
    std::uint32_t mine = 0;
#pragma unroll
    for (int j = 0; j < layout::vec; ++j) {
      const int i = k * layout::vec + j;
      // Past the end is never kept, whatever the predicate says of the fill value.
      if (static_cast<std::uint64_t>(layout::index(k, lane, j)) < valid && keep(v[i])) {
        kept |= 1u << i;
        ++mine;
      }
    }
    chunk_at[k] = kept_before.add(mine);
  }
  // Kept element i of the tile goes to out[prefix + i] and to packed[shift + i]
  // (packed_write.cuh).
  const tile_output o = resolve_tile_output(offsets, states, tile, single, kept_before.total, out);
#pragma unroll
  for (int k = 0; k < layout::chunks; ++k) {
    std::uint32_t at = o.warp_at + chunk_at[k];
#pragma unroll
    for (int j = 0; j < layout::vec; ++j)
      if (kept & (1u << (k * layout::vec + j))) packed[at++] = v[k * layout::vec + j];
  }
  finish_tile(packed, out, o, tile, tiles, count);
}

/// The single-pass compaction of n elements of T, with counts of type I (a plan's engine:
/// compact_plan).
template <class T, class I>
class lookback_compaction {
 public:
  lookback_compaction(std::uint64_t n, lookback_shape shape)
      : n_(n),
        shape_(shape.resolved(sizeof(T), lookback_work::compact)),
        tiles_(cuda::tiles_for(n, shape_.tile())),
        states_(tiles_ > 1 ? tiles_ : 0) {
    lookback_items::dispatch(shape_.items_per_thread, [&]<int Items>() {
      cuda::reserve_dynamic_shared(
          reinterpret_cast<const void*>(
              &lookback_compact_tile<T, I, Items, cuda::keep_predicate<T>>),
          packed_bytes(), shape_.describe());
    });
  }

  template <class Keep>
  void run(const T* in, T* out, std::uint64_t* count, Keep keep, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const tile_states_view<I> view = tiles_ == 1 ? tile_states_view<I>{} : states_.next_run(stream);
    lookback_items::dispatch(shape_.items_per_thread, [&]<int Items>() {
      lookback_compact_tile<T, I, Items>
          <<<static_cast<unsigned>(tiles_), shape_.block_threads, packed_bytes(), stream>>>(
              in, out, count, n_, tiles_, view, keep, is_aligned16(in));
    });
    PARPRIM_CUDA_CHECK_LAUNCH("lookback_compact_tile");
  }

 private:
  std::uint64_t packed_bytes() const {  // the tile and the shift of up to one 16-byte vector
    return static_cast<std::uint64_t>(shape_.tile()) * sizeof(T) + 16;
  }

  std::uint64_t n_;
  lookback_shape shape_;
  std::uint64_t tiles_;
  tile_states<I> states_;
};

}  // namespace parprim::cuda_efficient
