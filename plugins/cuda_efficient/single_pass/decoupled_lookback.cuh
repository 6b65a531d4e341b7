// Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back", 2016): the single pass that lookback_scan.cuh and lookback_compact.cuh share.
//
// Each block takes the next tile id from an atomic counter (not blockIdx: a block only gets an
// id once it runs, so every tile it waits for belongs to a block already running, whatever
// order the hardware schedules blocks in). It publishes its tile's aggregate at once, then walks
// back over its predecessors' published states, 32 at a time (one per lane of a warp), summing
// aggregates until it meets an inclusive prefix; then it publishes its own inclusive prefix.
//
// A state is a kind (aggregate or inclusive prefix) and a value, published together in one word
// of twice the value's width, stored and loaded whole as one relaxed access at device scope
// (single-copy atomic): a reader sees a state from before or after a store, never half of each,
// so it needs no fence, and a poll that sees a published kind has its value in the same load.
// - values of 4 bytes: a 64-bit word, the kind in the high half and the value's bits low;
// - values of 8 bytes: a 128-bit word (ld/st .b128, sm_70 and later, PTX ISA 8.3), the value's
//   bits low and the kind high. (The first version kept 8-byte values in arrays of their own
//   behind a release-stored kind and an acquire fence: an extra round trip to the L2 and a fence
//   on every look-back window; docs/algorithms/scan.md step H measured the difference.)
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
#include "warp/warp_scan.cuh"

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

/// The word of an 8-byte value's state: 16 bytes, aligned so that one .b128 access moves it.
struct alignas(16) wide_state_word {
  std::uint64_t bits;  // the value's bits (the low half of the .b128 register)
  std::uint64_t tag;   // kind | epoch << 2
};

/// The tag and the value's bits of a state word, as one load.
template <class Bits>
struct state_read {
  std::uint32_t tag;
  Bits bits;
};

__device__ __forceinline__ state_read<std::uint32_t> load_state(const std::uint64_t* word) {
  const std::uint64_t w =
      device_atomic(*const_cast<std::uint64_t*>(word)).load(::cuda::memory_order_relaxed);
  return {static_cast<std::uint32_t>(w >> 32), static_cast<std::uint32_t>(w)};
}

__device__ __forceinline__ void store_state(std::uint64_t* word, std::uint32_t tag,
                                            std::uint32_t bits) {
  device_atomic(*word).store((std::uint64_t(tag) << 32) | bits, ::cuda::memory_order_relaxed);
}

// libcu++'s atomic_ref of a 16-byte type emits an ld.b128 whose operands ptxas rejects (CUDA
// 13.0), so the two accesses are written here.
__device__ __forceinline__ state_read<std::uint64_t> load_state(const wide_state_word* word) {
  std::uint64_t bits, tag;
  asm volatile(
      "{\n\t.reg .b128 w;\n\tld.relaxed.gpu.global.b128 w, [%2];\n\tmov.b128 {%0, %1}, w;\n\t}"
      : "=l"(bits), "=l"(tag)
      : "l"(word)
      : "memory");
  return {static_cast<std::uint32_t>(tag), bits};
}

__device__ __forceinline__ void store_state(wide_state_word* word, std::uint32_t tag,
                                            std::uint64_t bits) {
  asm volatile(
      "{\n\t.reg .b128 w;\n\tmov.b128 w, {%0, %1};\n\tst.relaxed.gpu.global.b128 [%2], w;\n\t}"
      :
      : "l"(bits), "l"(std::uint64_t(tag)), "l"(word)
      : "memory");
}

/// The states of one run as a kernel sees them (passed by value).
template <class V>
struct tile_states_view {
  static_assert(sizeof(V) == 4 || sizeof(V) == 8, "look-back values are 4 or 8 bytes");
  using word = std::conditional_t<sizeof(V) == 4, std::uint64_t, wide_state_word>;
  using bits = std::conditional_t<sizeof(V) == 4, std::uint32_t, std::uint64_t>;

  word* words;
  unsigned long long* tile_counter;
  std::uint64_t first_id;  // this run's first tile id on the counter
  std::uint32_t epoch;     // this run's epoch (never 0: zeroed memory is "none")

  /// The tile this block works on (call from one thread).
  __device__ std::uint64_t take_tile_id() const {
    return device_atomic(*tile_counter).fetch_add(1ull, ::cuda::memory_order_relaxed) - first_id;
  }

  __device__ void publish(std::uint64_t tile, tile_kind kind, V value) const {
    bits b;
    memcpy(&b, &value, sizeof(V));
    store_state(words + tile, kind | (epoch << 2), b);
  }

  /// What tile `tile` has published so far, kind and value from one relaxed load, so that a
  /// warp can poll without a fence.
  __device__ tile_state<V> poll(std::uint64_t tile) const {
    const auto [tag, b] = load_state(words + tile);
    if ((tag >> 2) != epoch) return {tile_none, V{}};
    V value;
    memcpy(&value, &b, sizeof(V));
    return {static_cast<tile_kind>(tag & 3), value};
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
  explicit tile_states(std::uint64_t tiles) : tiles_(tiles), words_(tiles), counter_(1) {
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
    return {words_.get(), reinterpret_cast<unsigned long long*>(counter_.get()), first, epoch_};
  }

 private:
  using word = typename tile_states_view<V>::word;

  void zero(cudaStream_t stream) {
    // The counter is zeroed with the states; runs_ restarts with it.
    if (words_.size())
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(words_.get(), 0, words_.size() * sizeof(word), stream));
    PARPRIM_CUDA_CHECK(cudaMemsetAsync(counter_.get(), 0, 8, stream));
    runs_ = 0;
  }

  std::uint64_t tiles_;
  cuda::device_buffer<word> words_;
  cuda::device_buffer<std::uint64_t> counter_;
  std::uint64_t runs_ = 0;
  std::uint32_t epoch_ = 0;
};

}  // namespace parprim::cuda_efficient
