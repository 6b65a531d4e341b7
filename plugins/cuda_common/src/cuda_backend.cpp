#include "parprim/cuda/cuda_backend.hpp"

#include "parprim/cuda/availability.hpp"
#include "parprim/cuda/nvml_clocks.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace parprim::cuda {

std::string cuda_backend::unavailable_reason() {
  return gpu_unavailable_reason();
}

void cuda_backend::ensure_ready() {
  if (ready_) return;
  PARPRIM_CUDA_CHECK(cudaSetDevice(0));
  PARPRIM_CUDA_CHECK(cudaGetDeviceProperties(&properties_, 0));
  PARPRIM_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  PARPRIM_CUDA_CHECK(cudaEventCreate(&timer_start_));
  PARPRIM_CUDA_CHECK(cudaEventCreate(&timer_stop_));
  ready_ = true;
}

cudaStream_t cuda_backend::stream() {
  ensure_ready();
  return stream_;
}

const cudaDeviceProp& cuda_backend::properties() {
  ensure_ready();
  return properties_;
}

std::string cuda_backend::device_description() {
  ensure_ready();
  return gpu_description();
}

void* cuda_backend::allocate(std::uint64_t bytes) {
  ensure_ready();
  void* p = nullptr;
  if (bytes == 0) return nullptr;
  const cudaError_t e = cudaMalloc(&p, bytes);
  if (e == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // not sticky: clear it so the next state runs
    std::size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    throw error(PARPRIM_OUT_OF_MEMORY, "cudaMalloc of " + std::to_string(bytes >> 20) +
                                           " MiB failed with " + std::to_string(free >> 20) +
                                           " MiB of " + std::to_string(total >> 20) + " MiB free");
  }
  PARPRIM_CUDA_CHECK(e);
  return p;
}

void cuda_backend::release(void* buffer) {
  if (buffer) PARPRIM_CUDA_CHECK(cudaFree(buffer));
}

void cuda_backend::ensure_staging() {
  ensure_ready();
  if (staging_[0]) return;
  for (int k = 0; k < 2; ++k) {
    PARPRIM_CUDA_CHECK(cudaHostAlloc(&staging_[k], staging_bytes, cudaHostAllocDefault));
    PARPRIM_CUDA_CHECK(cudaEventCreateWithFlags(&staging_free_[k], cudaEventDisableTiming));
    PARPRIM_CUDA_CHECK(cudaEventRecord(staging_free_[k], stream_));
  }
}

void cuda_backend::upload(void* dst, const void* host_src, std::uint64_t bytes) {
  if (bytes == 0) return;
  ensure_staging();
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(host_src);
  for (std::uint64_t off = 0, k = 0; off < bytes; off += staging_bytes, k ^= 1) {
    const std::uint64_t n = std::min(staging_bytes, bytes - off);
    // Wait until the DMA that last read this staging buffer is done, then refill it.
    PARPRIM_CUDA_CHECK(cudaEventSynchronize(staging_free_[k]));
    std::memcpy(staging_[k], s + off, n);
    PARPRIM_CUDA_CHECK(cudaMemcpyAsync(d + off, staging_[k], n, cudaMemcpyHostToDevice, stream_));
    PARPRIM_CUDA_CHECK(cudaEventRecord(staging_free_[k], stream_));
  }
}

void cuda_backend::download(void* host_dst, const void* src, std::uint64_t bytes) {
  if (bytes == 0) return;
  ensure_staging();
  auto* h = static_cast<char*>(host_dst);
  const auto* d = static_cast<const char*>(src);
  const std::uint64_t chunks = (bytes + staging_bytes - 1) / staging_bytes;
  // Chunk c lands in staging buffer c % 2; it is copied out while chunk c + 1 is in flight.
  auto enqueue = [&](std::uint64_t c) {
    const std::uint64_t off = c * staging_bytes, n = std::min(staging_bytes, bytes - off);
    PARPRIM_CUDA_CHECK(
        cudaMemcpyAsync(staging_[c % 2], d + off, n, cudaMemcpyDeviceToHost, stream_));
    PARPRIM_CUDA_CHECK(cudaEventRecord(staging_free_[c % 2], stream_));
  };
  enqueue(0);
  for (std::uint64_t c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) enqueue(c + 1);
    PARPRIM_CUDA_CHECK(cudaEventSynchronize(staging_free_[c % 2]));
    const std::uint64_t off = c * staging_bytes, n = std::min(staging_bytes, bytes - off);
    std::memcpy(h + off, staging_[c % 2], n);
  }
}

void cuda_backend::copy(void* dst, const void* src, std::uint64_t bytes) {
  ensure_ready();
  if (bytes)
    PARPRIM_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream_));
}

void cuda_backend::read_bytes(const void* src, std::uint64_t bytes) {
  ensure_ready();
  reader_.read(src, bytes, stream_);
}

void cuda_backend::synchronize() {
  ensure_ready();
  PARPRIM_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

void cuda_backend::timer_start() {
  ensure_ready();
  PARPRIM_CUDA_CHECK(cudaEventRecord(timer_start_, stream_));
}

void cuda_backend::timer_stop() {
  PARPRIM_CUDA_CHECK(cudaEventRecord(timer_stop_, stream_));
}

double cuda_backend::timer_elapsed() {
  PARPRIM_CUDA_CHECK(cudaEventSynchronize(timer_stop_));
  float ms = 0;
  PARPRIM_CUDA_CHECK(cudaEventElapsedTime(&ms, timer_start_, timer_stop_));
  return double(ms) / 1e3;
}

void cuda_backend::flush_caches() {
  ensure_ready();
  flush_.write(stream_);
}

void cuda_backend::hold_stream() {
  hold_.hold(stream());
}

bool cuda_backend::release_stream() {
  return hold_.release();
}

parprim_clocks cuda_backend::read_clocks() {
  ensure_ready();
  return read_nvml_clocks(0);
}

}  // namespace parprim::cuda
