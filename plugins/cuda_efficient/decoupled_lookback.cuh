// Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016): the single pass that lookback_scan.cuh and lookback_compact.cuh share.
//
// Each block takes the next tile id from an atomic counter (not blockIdx: a block only gets an
// id once it runs, so every tile it waits for belongs to a block already running, whatever
// order the hardware schedules blocks in). It publishes its tile's aggregate at once, then walks
// back over its predecessors' published states, 32 at a time (one per lane of a warp), summing
// aggregates until it meets an inclusive prefix; then it publishes its own inclusive prefix.
//
// A state is a kind (aggregate or inclusive prefix) and a value, published together:
// - values of 4 bytes: one 64-bit word, the kind in the high half and the value's bits in the
//   low half, stored and loaded as one (single-copy atomic) relaxed access at device scope;
// - values of 8 bytes: the aggregate and the inclusive prefix in two arrays of their own, each
//   written once per run, then the kind stored with release semantics; a reader polls the kind
//   with relaxed loads, and once its warp has seen every kind it waits for, takes one acquire
//   fence and loads the array the kind names (a fence per poll cost the 8-byte scan 1.75x
//   CUB's time on an H100). The aggregate is never overwritten by the prefix, so a reader that
//   saw "aggregate" cannot read a half-updated value.
//
// No state is reset between runs: the kind carries the run's epoch (kind | epoch << 2), and a
// word from an earlier run reads as "not yet published". The tile counter is never reset either:
// run r's ids start at r * tiles, which the host passes in. So a run is one kernel, with no
// memset or init kernel before it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <cuda/atomic>
#include <type_traits>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "warp_scan.cuh"

namespace parprim::cuda_efficient {

/// What a tile has published in the current run.
enum tile_kind : std::uint32_t { tile_none = 0, tile_aggregate = 1, tile_prefix = 2 };

template <class V>
struct tile_state {
  tile_kind kind;
  V value;
};

template <class T>
__device__ __forceinline__ ::cuda::atomic_ref<T, ::cuda::thread_scope_device> device_atomic(T& x) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(x);
}

/// The states of one run as a kernel sees them (passed by value).
template <class V>
struct tile_states_view {
  static_assert(sizeof(V) == 4 || sizeof(V) == 8, "look-back values are 4 or 8 bytes");
  static constexpr bool packed = sizeof(V) == 4;

  std::uint64_t* words;  // packed: kind|epoch in the high half, the value's bits low
  std::uint32_t* kinds;  // 8-byte values: kind|epoch
  V* aggregates;         // 8-byte values
  V* prefixes;           // 8-byte values
  unsigned long long* tile_counter;
  std::uint64_t first_id;  // this run's first tile id on the counter
  std::uint32_t epoch;     // this run's epoch (never 0: zeroed memory is "none")

  /// The tile this block works on (call from one thread).
  __device__ std::uint64_t take_tile_id() const {
    return device_atomic(*tile_counter).fetch_add(1ull, ::cuda::memory_order_relaxed) - first_id;
  }

  __device__ void publish(std::uint64_t tile, tile_kind kind, V value) const {
    const std::uint32_t tag = kind | (epoch << 2);
    if constexpr (packed) {
      std::uint32_t bits;
      memcpy(&bits, &value, 4);
      device_atomic(words[tile])
          .store((std::uint64_t(tag) << 32) | bits, ::cuda::memory_order_relaxed);
    } else {
      V& slot = kind == tile_aggregate ? aggregates[tile] : prefixes[tile];
      device_atomic(slot).store(value, ::cuda::memory_order_relaxed);
      device_atomic(kinds[tile]).store(tag, ::cuda::memory_order_release);
    }
  }

  /// What tile `tile` has published so far: its kind, and for 4-byte values the value with it.
  /// A relaxed load, so that a warp can poll without a fence per round.
  __device__ tile_state<V> poll(std::uint64_t tile) const {
    std::uint32_t tag;
    V value{};
    if constexpr (packed) {
      const std::uint64_t w = device_atomic(words[tile]).load(::cuda::memory_order_relaxed);
      tag = static_cast<std::uint32_t>(w >> 32);
      const auto bits = static_cast<std::uint32_t>(w);
      memcpy(&value, &bits, 4);
    } else {
      tag = device_atomic(kinds[tile]).load(::cuda::memory_order_relaxed);
    }
    if ((tag >> 2) != epoch) return {tile_none, V{}};
    return {static_cast<tile_kind>(tag & 3), value};
  }

  /// After every lane's poll() saw a published kind: for 8-byte values, one acquire fence (the
  /// polls that read the release-stored kinds then synchronize with their publishers), and the
  /// value the kind names. The aggregate is never overwritten by the prefix, so it is whole.
  __device__ void fetch_value(std::uint64_t tile, tile_state<V>& s) const {
    if constexpr (!packed) {
      ::cuda::atomic_thread_fence(::cuda::memory_order_acquire, ::cuda::thread_scope_device);
      s.value = device_atomic(s.kind == tile_aggregate ? aggregates[tile] : prefixes[tile])
                    .load(::cuda::memory_order_relaxed);
    }
  }
};

/// Called by all 32 lanes of one warp of tile `tile` (> 0) after it published its aggregate:
/// the sum of every earlier tile (the tile's exclusive prefix), the same in every lane.
/// Lane k looks at tile (window - k); the window moves back 32 tiles while none of them has
/// published its inclusive prefix. Tiles before the first (window - k < 0) do not occur: tile 0
/// always publishes a prefix, which ends the walk.
template <class V>
__device__ V look_back(const tile_states_view<V>& states, std::uint64_t tile) {
  const int lane = threadIdx.x & 31;
  V prefix = V(0);
  std::int64_t window = static_cast<std::int64_t>(tile) - 1;
  for (;;) {
    const std::int64_t mine = window - lane;
    tile_state<V> s{tile_prefix, V(0)};
    // No back-off between polls: sleeping 32 ns doubling to 1 us (as CUB's delay constructors
    // do) left the 4-byte scan unchanged on an H100 and came with 8-byte small tiles 13-25%
    // slower (docs/algorithms/scan.md#look-back).
    do {
      if (mine >= 0) s = states.poll(static_cast<std::uint64_t>(mine));
    } while (__any_sync(full_warp, s.kind == tile_none));
    if (mine >= 0) states.fetch_value(static_cast<std::uint64_t>(mine), s);
    const unsigned prefixes = __ballot_sync(full_warp, s.kind == tile_prefix);
    // Lanes up to the nearest inclusive prefix count; those behind it are already in it.
    const int last = prefixes ? __ffs(prefixes) - 1 : 31;
    prefix = V(prefix + warp_sum(lane <= last ? s.value : V(0)));
    if (prefixes) return prefix;
    window -= 32;
  }
}

/// The host side: the states and the tile counter of a plan (allocated once, zeroed), and the
/// view of each next run.
template <class V>
class tile_states {
 public:
  explicit tile_states(std::uint64_t tiles)
      : tiles_(tiles),
        words_(tile_states_view<V>::packed ? tiles : 0),
        kinds_(tile_states_view<V>::packed ? 0 : tiles),
        aggregates_(tile_states_view<V>::packed ? 0 : tiles),
        prefixes_(tile_states_view<V>::packed ? 0 : tiles),
        counter_(1) {
    zero(nullptr);  // the legacy default stream: ordered before any run on another stream
    PARPRIM_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  }

  /// The view for the next run on `stream`. When the epoch would overflow its bits (after 2^30
  /// runs), the states are zeroed on the stream first and the epochs start again.
  tile_states_view<V> next_run(cudaStream_t stream) {
    if (++epoch_ >= (1u << 30)) {
      zero(stream);
      epoch_ = 1;
    }
    const std::uint64_t first = runs_ * tiles_;
    ++runs_;
    return {words_.get(),
            kinds_.get(),
            aggregates_.get(),
            prefixes_.get(),
            reinterpret_cast<unsigned long long*>(counter_.get()),
            first,
            epoch_};
  }

 private:
  void zero(cudaStream_t stream) {
    // The counter is zeroed with the states; runs_ restarts with it.
    if (words_.size())
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(words_.get(), 0, words_.size() * 8, stream));
    if (kinds_.size())
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(kinds_.get(), 0, kinds_.size() * 4, stream));
    PARPRIM_CUDA_CHECK(cudaMemsetAsync(counter_.get(), 0, 8, stream));
    runs_ = 0;
  }

  std::uint64_t tiles_;
  cuda::device_buffer<std::uint64_t> words_;
  cuda::device_buffer<std::uint32_t> kinds_;
  cuda::device_buffer<V> aggregates_, prefixes_;
  cuda::device_buffer<std::uint64_t> counter_;
  std::uint64_t runs_ = 0;
  std::uint32_t epoch_ = 0;
};

}  // namespace parprim::cuda_efficient
