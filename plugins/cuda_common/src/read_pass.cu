#include "parprim/cuda/read_pass.hpp"

#include "parprim/cuda/check.hpp"

#include <algorithm>

namespace parprim::cuda {
namespace {

constexpr int read_threads = 256;
constexpr int vectors_per_thread = 4;  // 16 KiB a block, all its loads issued before any use
constexpr std::uint64_t tile_vectors = std::uint64_t(read_threads) * vectors_per_thread;

/// Block b reads the b-th 16 KiB of the aligned part, each of its loads one coalesced 4 KiB
/// row: the shape of the kernels it is the roofline of (a grid-stride loop read at the same
/// rate on the H100, 2.61 against 2.57 TB/s: docs/results/h100-2026-11-27-read-baseline). Each
/// thread XORs what it reads; the result is stored only where it equals `never`, a value the
/// host picks and the compiler cannot know, so every load stays and nothing is written.
__global__ void __launch_bounds__(read_threads)
    read_bytes_kernel(const uint4* vectors, std::uint64_t count, const std::uint8_t* head,
                      unsigned head_bytes, const std::uint8_t* tail, unsigned tail_bytes,
                      std::uint32_t never, std::uint32_t* sink) {
  const std::uint64_t base = std::uint64_t(blockIdx.x) * tile_vectors + threadIdx.x;
  uint4 v[vectors_per_thread];
#pragma unroll
  for (int k = 0; k < vectors_per_thread; ++k) {
    const std::uint64_t i = base + std::uint64_t(k) * read_threads;
    v[k] = i < count ? vectors[i] : make_uint4(0, 0, 0, 0);
  }
  std::uint32_t x = 0;
#pragma unroll
  for (int k = 0; k < vectors_per_thread; ++k) x ^= v[k].x ^ v[k].y ^ v[k].z ^ v[k].w;
  // The bytes before the first 16-byte boundary and after the last (fewer than 16 each).
  if (blockIdx.x == 0 && threadIdx.x < head_bytes) x ^= head[threadIdx.x];
  if (blockIdx.x == 0 && threadIdx.x < tail_bytes) x ^= tail[threadIdx.x];
  if (x == never) *sink = x;
}

}  // namespace

read_pass::~read_pass() {
  if (sink_) cudaFree(sink_);  // nothing to report from a destructor
}

void read_pass::read(const void* src, std::uint64_t bytes, cudaStream_t stream) {
  if (bytes == 0) return;
  if (!sink_) PARPRIM_CUDA_CHECK(cudaMalloc(&sink_, sizeof(std::uint32_t)));
  const auto* p = static_cast<const std::uint8_t*>(src);
  const auto address = reinterpret_cast<std::uintptr_t>(p);
  const std::uint64_t head = std::min<std::uint64_t>((16 - address % 16) % 16, bytes);
  const std::uint64_t count = (bytes - head) / 16;
  const std::uint64_t tail = bytes - head - 16 * count;
  const auto blocks =
      static_cast<unsigned>(std::max<std::uint64_t>(1, (count + tile_vectors - 1) / tile_vectors));
  read_bytes_kernel<<<blocks, read_threads, 0, stream>>>(
      reinterpret_cast<const uint4*>(p + head), count, p, static_cast<unsigned>(head),
      p + head + 16 * count, static_cast<unsigned>(tail), 0x9E3779B9u, sink_);
  PARPRIM_CUDA_CHECK_LAUNCH("read_bytes_kernel");
}

}  // namespace parprim::cuda
