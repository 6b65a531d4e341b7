// LSD radix sort with multi-bit digits. Each pass:
//   1. every tile counts its keys' digits in shared memory (digit_histogram), stored
//      digit-major: hist[digit * tiles + tile];
//   2. an exclusive scan of that array gives, for each (digit, tile), where the tile's keys of
//      that digit start in the output: all smaller digits first, then earlier tiles;
//   3. every tile sorts itself by the digit in shared memory (stable 4-way splits, two bits at a
//      time) and writes each key to its digit's start plus its rank within the digit.
// Stable, so pairs keep the order of equal keys. Signed and float keys are sorted by their
// order-preserving radix key; descending sorts the complemented key.
#pragma once

#include <cstdint>

#include "block/radix_digit.cuh"
#include "device/course/blelloch_scan.cuh"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/host/ping_pong.hpp"
#include "parprim/radix_key.hpp"
#include "warp/warp_scan.cuh"

namespace parprim::cuda_efficient {

// The sort's tile is fixed at compile time, unlike the scan's: its kernels keep each thread's
// keys in registers, pack four 16-bit counts per word (so a tile holds under 65536 keys), and
// its block-wide sum is sized by the warp count. Its tunable is the digit width (radix_bits).
inline constexpr int sort_block_threads = 256;
inline constexpr int sort_items = 8;
inline constexpr int sort_tile = sort_block_threads * sort_items;

template <class T, class I, unsigned Bits>
__global__ void __launch_bounds__(sort_block_threads)
    digit_histogram(const T* keys, I* hist, std::uint64_t n, std::uint64_t tiles, unsigned shift,
                    bool descending) {
  constexpr unsigned radix = 1u << Bits;
  __shared__ unsigned counts[radix];
  for (unsigned d = threadIdx.x; d < radix; d += sort_block_threads) counts[d] = 0;
  __syncthreads();
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * sort_tile;
#pragma unroll
  for (int k = 0; k < sort_items; ++k) {
    const std::uint64_t g = base + k * sort_block_threads + threadIdx.x;
    if (g < n) atomicAdd(&counts[digit_of(keys[g], shift, radix - 1, descending)], 1u);
  }
  __syncthreads();
  for (unsigned d = threadIdx.x; d < radix; d += sort_block_threads)
    hist[static_cast<std::uint64_t>(d) * tiles + blockIdx.x] = counts[d];
}

/// Exclusive sum over the block of one 64-bit value per thread (warp shuffles, then the warps'
/// totals): two barriers where a shared-memory tree takes sixteen. `warp_sums` holds
/// sort_block_threads / 32 + 1 values and may be reused after the caller's next barrier.
__device__ __forceinline__ std::uint64_t block_exclusive_sum(std::uint64_t value,
                                                             std::uint64_t& total,
                                                             std::uint64_t* warp_sums) {
  constexpr int warps = sort_block_threads / 32;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  std::uint64_t before_in_warp;
  const std::uint64_t through = warp_inclusive(value, before_in_warp);
  if (lane == 31) warp_sums[warp] = through;
  __syncthreads();
  if (threadIdx.x == 0) {
    std::uint64_t running = 0;
    for (int w = 0; w < warps; ++w) {
      const std::uint64_t s = warp_sums[w];
      warp_sums[w] = running;
      running += s;
    }
    warp_sums[warps] = running;
  }
  __syncthreads();
  total = warp_sums[warps];
  return warp_sums[warp] + before_in_warp;
}

template <class T, class I, unsigned Bits, bool Pairs>
__global__ void __launch_bounds__(sort_block_threads)
    digit_scatter(const T* keys, const T* values, T* keys_out, T* values_out, const I* offsets,
                  std::uint64_t n, std::uint64_t tiles, unsigned shift, bool descending) {
  constexpr unsigned radix = 1u << Bits;
  __shared__ T tile_keys[padded(sort_tile)];
  __shared__ T tile_values[Pairs ? padded(sort_tile) : 1];
  __shared__ std::uint64_t warp_sums[sort_block_threads / 32 + 1];
  __shared__ unsigned digit_start[radix];
  const int t = threadIdx.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * sort_tile;
  const int valid = static_cast<int>(n - base < sort_tile ? n - base : sort_tile);
#pragma unroll
  for (int k = 0; k < sort_items; ++k) {
    const int i = k * sort_block_threads + t;
    if (i < valid) {
      tile_keys[conflict_free(i)] = keys[base + i];
      if constexpr (Pairs) tile_values[conflict_free(i)] = values[base + i];
    }
  }
  __syncthreads();

  // Sort the tile by the digit, two bits at a time: a stable 4-way split by those bits, whose
  // four counts travel packed in one 64-bit word (16 bits each: a tile holds 2048 keys). Slots
  // past the valid keys count as class 3, so they stay behind every valid key.
  static_assert(Bits % 2 == 0 && sort_tile < 65536);
  for (unsigned bit = 0; bit < Bits; bit += 2) {
    T k_reg[sort_items];
    T v_reg[Pairs ? sort_items : 1];
    unsigned cls[sort_items];
    std::uint64_t counts = 0;
#pragma unroll
    for (int j = 0; j < sort_items; ++j) {
      const int i = t * sort_items + j;
      if (i < valid) {
        k_reg[j] = tile_keys[conflict_free(i)];
        if constexpr (Pairs) v_reg[j] = tile_values[conflict_free(i)];
        cls[j] = static_cast<unsigned>((to_radix_key(k_reg[j], descending) >> (shift + bit)) & 3);
      } else {
        cls[j] = 3;
      }
      counts += std::uint64_t{1} << (16 * cls[j]);
    }
    std::uint64_t totals;
    std::uint64_t before = block_exclusive_sum(counts, totals, warp_sums);  // all read first
    unsigned class_start[4];
    class_start[0] = 0;
#pragma unroll
    for (int c = 1; c < 4; ++c)
      class_start[c] =
          class_start[c - 1] + static_cast<unsigned>((totals >> (16 * (c - 1))) & 0xFFFF);
#pragma unroll
    for (int j = 0; j < sort_items; ++j) {
      const int i = t * sort_items + j;
      const unsigned c = cls[j];
      const int to = static_cast<int>(class_start[c] + ((before >> (16 * c)) & 0xFFFF));
      before += std::uint64_t{1} << (16 * c);
      if (i < valid) {
        tile_keys[conflict_free(to)] = k_reg[j];
        if constexpr (Pairs) tile_values[conflict_free(to)] = v_reg[j];
      }
    }
    __syncthreads();
  }

  // Where each digit's run starts in the sorted tile.
#pragma unroll
  for (int k = 0; k < sort_items; ++k) {
    const int i = k * sort_block_threads + t;
    if (i < valid) {
      const unsigned d = digit_of(tile_keys[conflict_free(i)], shift, radix - 1, descending);
      if (i == 0 || digit_of(tile_keys[conflict_free(i - 1)], shift, radix - 1, descending) != d)
        digit_start[d] = i;
    }
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < sort_items; ++k) {
    const int i = k * sort_block_threads + t;
    if (i < valid) {
      const T key = tile_keys[conflict_free(i)];
      const unsigned d = digit_of(key, shift, radix - 1, descending);
      const std::uint64_t to =
          static_cast<std::uint64_t>(offsets[static_cast<std::uint64_t>(d) * tiles + blockIdx.x]) +
          (i - digit_start[d]);
      keys_out[to] = key;
      if constexpr (Pairs) values_out[to] = tile_values[conflict_free(i)];
    }
  }
}

template <class T, class I, unsigned Bits>
class tile_radix_sort {
  static constexpr unsigned radix = 1u << Bits;
  static constexpr unsigned passes = sizeof(T) * 8 / Bits;

 public:
  tile_radix_sort(std::uint64_t n, bool pairs)
      : n_(n),
        tiles_(cuda::tiles_for(n, sort_tile)),
        pairs_(pairs),
        key_scratch_(n),
        value_scratch_(pairs ? n : 0),
        hist_(radix * tiles_),
        offsets_(radix * tiles_),
        scanner_(radix * tiles_, tile_shape{}) {}

  void run(const T* keys_in, T* keys_out, const T* values_in, T* values_out, bool descending,
           cudaStream_t stream) {
    if (n_ == 0) return;
    const auto grid = static_cast<unsigned>(tiles_);
    for (unsigned p = 0; p < passes; ++p) {
      const auto keys = host::pass_buffers<T>(p, passes, keys_in, keys_out, key_scratch_.get());
      const auto values =
          host::pass_buffers<T>(p, passes, values_in, values_out, value_scratch_.get());
      const unsigned shift = p * Bits;
      digit_histogram<T, I, Bits><<<grid, sort_block_threads, 0, stream>>>(
          keys.source, hist_.get(), n_, tiles_, shift, descending);
      PARPRIM_CUDA_CHECK_LAUNCH("digit_histogram");
      scanner_.scan(hist_.get(), offsets_.get(), radix * tiles_, false, stream);
      if (pairs_)
        digit_scatter<T, I, Bits, true><<<grid, sort_block_threads, 0, stream>>>(
            keys.source, values.source, keys.destination, values.destination, offsets_.get(), n_,
            tiles_, shift, descending);
      else
        digit_scatter<T, I, Bits, false><<<grid, sort_block_threads, 0, stream>>>(
            keys.source, nullptr, keys.destination, nullptr, offsets_.get(), n_, tiles_, shift,
            descending);
      PARPRIM_CUDA_CHECK_LAUNCH("digit_scatter");
    }
  }

 private:
  std::uint64_t n_, tiles_;
  bool pairs_;
  cuda::device_buffer<T> key_scratch_, value_scratch_;
  cuda::device_buffer<I> hist_, offsets_;
  blelloch_scanner<I, default_shape_only> scanner_;
};

}  // namespace parprim::cuda_efficient
