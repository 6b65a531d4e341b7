// my_scan_cuda: the template's CUDA variant, a three-phase prefix scan on the GPU.
//
// parprim::cuda::cuda_backend (from the installed parprim::cuda_common) supplies what every CUDA
// plugin needs: the device memory domain with pinned staging, one stream, the event timer, and
// "unavailable: <reason>" on a machine without a usable GPU. The plugin adds the algorithm.
#include <cstdint>
#include <memory>

#include "parprim/cuda/check.hpp"          // PARPRIM_CUDA_CHECK, PARPRIM_CUDA_CHECK_LAUNCH
#include "parprim/cuda/cuda_backend.hpp"   // the CUDA memory domain, stream and timer
#include "parprim/cuda/device_buffer.hpp"  // a plan's scratch memory
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"

namespace my_scan_cuda {

constexpr int block_threads = 256;
constexpr int items_per_thread = 4;
constexpr std::uint64_t tile = block_threads * items_per_thread;

// Exclusive scan of one value per thread across the block (Hillis-Steele in shared memory);
// `total` receives the sum of the whole block.
template <class S>
__device__ S block_exclusive_scan(S value, S& total) {
  __shared__ S partial[block_threads];
  const int t = threadIdx.x;
  partial[t] = value;
  __syncthreads();
  for (int offset = 1; offset < block_threads; offset *= 2) {
    const S left = t >= offset ? partial[t - offset] : S(0);
    __syncthreads();
    partial[t] += left;
    __syncthreads();
  }
  const S exclusive = t > 0 ? partial[t - 1] : S(0);
  total = partial[block_threads - 1];
  __syncthreads();  // the next call may overwrite partial
  return exclusive;
}

// The items of thread t of tile b: [first, first + items_per_thread) clipped to n.
__device__ std::uint64_t first_item(std::uint64_t b) {
  return b * tile + std::uint64_t(threadIdx.x) * items_per_thread;
}

template <class S>
__device__ S thread_sum(const S* in, std::uint64_t first, std::uint64_t n) {
  S sum = 0;
  for (int i = 0; i < items_per_thread; ++i)
    if (first + i < n) sum += in[first + i];
  return sum;
}

// Phase 1: the sum of each tile.
template <class S>
__global__ void tile_sums(const S* in, S* sums, std::uint64_t n) {
  S total;
  block_exclusive_scan(thread_sum(in, first_item(blockIdx.x), n), total);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// Phase 2: one block turns the tile sums into each tile's starting offset.
template <class S>
__global__ void scan_tile_sums(S* sums, std::uint64_t tiles) {
  S carry = 0;
  for (std::uint64_t base = 0; base < tiles; base += block_threads) {
    const std::uint64_t i = base + threadIdx.x;
    const S value = i < tiles ? sums[i] : S(0);
    S total;
    const S offset = block_exclusive_scan(value, total);
    if (i < tiles) sums[i] = carry + offset;
    carry += total;
  }
}

// Phase 3: each tile scanned again, starting from its offset.
template <class S>
__global__ void scan_tiles(const S* in, S* out, const S* offsets, std::uint64_t n, bool inclusive) {
  const std::uint64_t first = first_item(blockIdx.x);
  S total;
  S running = offsets[blockIdx.x] + block_exclusive_scan(thread_sum(in, first, n), total);
  for (int i = 0; i < items_per_thread; ++i) {
    if (first + i >= n) break;
    const S x = in[first + i];
    if (inclusive) running += x;
    out[first + i] = running;
    if (!inclusive) running += x;
  }
}

class my_scan_cuda_backend final : public parprim::cuda::cuda_backend {
 public:
  static parprim::plugin_info info() {
    return {
        .name = "my_scan_cuda",
        .version = "0.1.0",
        .description = "template plugin: a three-phase GPU scan",
        .domain = PARPRIM_DOMAIN_DEVICE,  // the runner hands it device pointers
        .variants = {{.operation = PARPRIM_OP_SCAN,
                      .name = "three_phase",
                      .description = "tile sums, one-block scan of the sums, tile scans",
                      .dtypes = PARPRIM_ALL_DTYPES,
                      .flags = parprim::every_scan,
                      .params = {}}},
        .params = {},
    };
  }

  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    const bool inclusive = p.scan_kind == PARPRIM_SCAN_INCLUSIVE;
    const cudaStream_t s = stream();
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<parprim::plan> {
      using S = parprim::wrapping_t<T>;  // integer sums wrap, as the reference's do
      const std::uint64_t tiles = (n + tile - 1) / tile;
      // Scratch is allocated here, outside the timed run; shared_ptr keeps the lambda copyable.
      auto offsets = std::make_shared<parprim::cuda::device_buffer<S>>(tiles);
      return parprim::make_plan([=](const parprim_io& io) {
        if (n == 0) return;
        const S* in = static_cast<const S*>(io.in);
        S* out = static_cast<S*>(io.out);
        tile_sums<<<unsigned(tiles), block_threads, 0, s>>>(in, offsets->get(), n);
        PARPRIM_CUDA_CHECK_LAUNCH("tile_sums");
        scan_tile_sums<<<1, block_threads, 0, s>>>(offsets->get(), tiles);
        PARPRIM_CUDA_CHECK_LAUNCH("scan_tile_sums");
        scan_tiles<<<unsigned(tiles), block_threads, 0, s>>>(in, out, offsets->get(), n, inclusive);
        PARPRIM_CUDA_CHECK_LAUNCH("scan_tiles");
      });
    });
  }
};

}  // namespace my_scan_cuda

PARPRIM_PLUGIN(my_scan_cuda::my_scan_cuda_backend)
