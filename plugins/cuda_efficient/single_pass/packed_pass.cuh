// The host side of a single-pass kernel whose tiles each emit a counted, packed output (the
// UTF-8 decoder and encoder, device/utf8/): the tile count, the look-back states (none for a
// single tile) and the launch of one run, the count written as 0 without a launch for n = 0.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/launch.cuh"
#include "single_pass/decoupled_lookback.cuh"

namespace parprim::cuda_efficient {

/// The kernels it launches: (in, out, count, n, tiles, states), one block a tile.
template <class In, class Out, class I>
using packed_pass_kernel = void (*)(const In*, Out*, std::uint64_t*, std::uint64_t, std::uint64_t,
                                    tile_states_view<I>);

template <class In, class Out, class I>
class packed_pass {
 public:
  /// `shared_bytes`: the kernel's dynamic shared memory (its packed output), reserved here.
  packed_pass(packed_pass_kernel<In, Out, I> kernel, std::uint64_t n, std::uint64_t tile,
              int block_threads, std::uint64_t shared_bytes, const char* name)
      : kernel_(kernel),
        n_(n),
        tiles_(cuda::tiles_for(n, tile)),
        block_threads_(block_threads),
        shared_bytes_(shared_bytes),
        name_(name),
        states_(tiles_ > 1 ? tiles_ : 0) {
    cuda::reserve_dynamic_shared(reinterpret_cast<const void*>(kernel), shared_bytes, name);
  }

  void run(const In* in, Out* out, std::uint64_t* count, cudaStream_t stream) {
    if (n_ == 0) {
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(count, 0, sizeof(std::uint64_t), stream));
      return;
    }
    const tile_states_view<I> view = tiles_ == 1 ? tile_states_view<I>{} : states_.next_run(stream);
    kernel_<<<static_cast<unsigned>(tiles_), block_threads_, shared_bytes_, stream>>>(
        in, out, count, n_, tiles_, view);
    const cudaError_t launched = cudaGetLastError();
    if (launched != cudaSuccess)
      cuda::fail(launched, (std::string("launch of ") + name_).c_str(), __FILE__, __LINE__);
  }

 private:
  packed_pass_kernel<In, Out, I> kernel_;
  std::uint64_t n_;
  std::uint64_t tiles_;
  int block_threads_;
  std::uint64_t shared_bytes_;
  const char* name_;
  tile_states<I> states_;
};

}  // namespace parprim::cuda_efficient
