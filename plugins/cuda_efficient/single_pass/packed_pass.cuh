// The host side of a single-pass kernel whose tiles each emit a counted, packed output (the
// UTF-8 decoder and encoder, device/utf8/): the tile count, the look-back states (none for a
// single tile) and the launch of one run, the count written as 0 without a launch for n = 0.
// Its grid is one block a tile, or as many blocks as the GPU holds at once, each taking tiles
// in turn (the encoder, round 13 of docs/algorithms/utf8_gpu.md).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/launch.cuh"
#include "single_pass/decoupled_lookback.cuh"

namespace parprim::cuda_efficient {

/// The kernels it launches: (in, out, count, n, tiles, states).
template <class In, class Out, class I>
using packed_pass_kernel = void (*)(const In*, Out*, std::uint64_t*, std::uint64_t, std::uint64_t,
                                    tile_states_view<I>);

/// How a packed pass's blocks meet its tiles.
enum class tile_blocks {
  one_a_tile,  // a block a tile, each taking its tile's id from the counter
  in_turn,     // as many blocks as fit the GPU at once, each taking tiles until it is given one
               // past the last: every block takes one id more than its tiles
};

/// The blocks of `kernel` that the current device holds at once.
inline std::uint64_t resident_blocks(const void* kernel, int block_threads,
                                     std::uint64_t shared_bytes) {
  int device = 0, sms = 0, per_sm = 0;
  PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
  PARPRIM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  PARPRIM_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, kernel, block_threads, static_cast<std::size_t>(shared_bytes)));
  return static_cast<std::uint64_t>(sms) * static_cast<std::uint64_t>(per_sm > 0 ? per_sm : 1);
}

template <class In, class Out, class I>
class packed_pass {
 public:
  /// `shared_bytes`: the kernel's dynamic shared memory (its packed output), reserved here.
  packed_pass(packed_pass_kernel<In, Out, I> kernel, std::uint64_t n, std::uint64_t tile,
              int block_threads, std::uint64_t shared_bytes, const char* name,
              tile_blocks blocks = tile_blocks::one_a_tile)
      : kernel_(kernel),
        n_(n),
        tiles_(cuda::tiles_for(n, tile)),
        block_threads_(block_threads),
        shared_bytes_(shared_bytes),
        name_(name),
        grid_(reserve_and_size_grid(blocks)),
        states_(tiles_ > 1 ? tiles_ : 0,
                blocks == tile_blocks::in_turn ? tiles_ + grid_ : tiles_) {}

  void run(const In* in, Out* out, std::uint64_t* count, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const tile_states_view<I> view = tiles_ == 1 ? tile_states_view<I>{} : states_.next_run(stream);
    kernel_<<<static_cast<unsigned>(grid_), block_threads_, shared_bytes_, stream>>>(
        in, out, count, n_, tiles_, view);
    const cudaError_t launched = cudaGetLastError();
    if (launched != cudaSuccess)
      cuda::fail(launched, (std::string("launch of ") + name_).c_str(), __FILE__, __LINE__);
  }

 private:
  // The dynamic shared memory is reserved first: the blocks an SM holds depend on it.
  std::uint64_t reserve_and_size_grid(tile_blocks blocks) const {
    const void* k = reinterpret_cast<const void*>(kernel_);
    cuda::reserve_dynamic_shared(k, shared_bytes_, name_);
    if (blocks == tile_blocks::one_a_tile || tiles_ <= 1) return tiles_;
    const std::uint64_t resident = resident_blocks(k, block_threads_, shared_bytes_);
    return resident < tiles_ ? resident : tiles_;
  }

  packed_pass_kernel<In, Out, I> kernel_;
  std::uint64_t n_;
  std::uint64_t tiles_;
  int block_threads_;
  std::uint64_t shared_bytes_;
  const char* name_;
  std::uint64_t grid_;
  tile_states<I> states_;
};

}  // namespace parprim::cuda_efficient
