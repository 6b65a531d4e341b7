#include "parprim/cuda/read_pass.hpp"

#include "parprim/cuda/check.hpp"

#include <algorithm>

namespace parprim::cuda {
namespace {

constexpr int read_threads = 256;
constexpr int blocks_per_sm = 8;  // 2048 threads an SM: enough loads in flight for HBM

/// Each thread XORs what it reads; the result is stored only where it equals `never`, a value
/// the host picks and the compiler cannot know, so every load stays and nothing is written.
__global__ void __launch_bounds__(read_threads)
    read_bytes_kernel(const uint4* vectors, std::uint64_t count, const std::uint8_t* head,
                      unsigned head_bytes, const std::uint8_t* tail, unsigned tail_bytes,
                      std::uint32_t never, std::uint32_t* sink) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  std::uint32_t x = 0;
  // Four independent loads a step, so that each thread keeps several in flight.
  for (; i + 3 * stride < count; i += 4 * stride) {
    const uint4 a = vectors[i], b = vectors[i + stride], c = vectors[i + 2 * stride],
                d = vectors[i + 3 * stride];
    x ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^
         d.z ^ d.w;
  }
  for (; i < count; i += stride) {
    const uint4 a = vectors[i];
    x ^= a.x ^ a.y ^ a.z ^ a.w;
  }
  // The bytes before the first 16-byte boundary and after the last (fewer than 16 each).
  if (blockIdx.x == 0 && threadIdx.x < head_bytes) x ^= head[threadIdx.x];
  if (blockIdx.x == 0 && threadIdx.x < tail_bytes) x ^= tail[threadIdx.x];
  if (x == never) *sink = x;
}

}  // namespace

read_pass::~read_pass() {
  if (sink_) cudaFree(sink_);  // nothing to report from a destructor
}

void read_pass::read(const void* src, std::uint64_t bytes, int sms, cudaStream_t stream) {
  if (bytes == 0) return;
  if (!sink_) PARPRIM_CUDA_CHECK(cudaMalloc(&sink_, sizeof(std::uint32_t)));
  const auto* p = static_cast<const std::uint8_t*>(src);
  const auto address = reinterpret_cast<std::uintptr_t>(p);
  const std::uint64_t head = std::min<std::uint64_t>((16 - address % 16) % 16, bytes);
  const std::uint64_t count = (bytes - head) / 16;
  const std::uint64_t tail = bytes - head - 16 * count;
  const std::uint64_t needed = (count + read_threads - 1) / read_threads;
  const auto blocks = static_cast<unsigned>(
      std::max<std::uint64_t>(1, std::min<std::uint64_t>(needed, std::uint64_t(sms) * blocks_per_sm)));
  read_bytes_kernel<<<blocks, read_threads, 0, stream>>>(
      reinterpret_cast<const uint4*>(p + head), count, p, static_cast<unsigned>(head),
      p + head + 16 * count, static_cast<unsigned>(tail), 0x9E3779B9u, sink_);
  PARPRIM_CUDA_CHECK_LAUNCH("read_bytes_kernel");
}

}  // namespace parprim::cuda
