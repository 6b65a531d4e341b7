// The CUDA memory domain, stream and timer that every CUDA plugin's backend derives from.
//
// Buffers are cudaMalloc'ed; uploads and downloads go through two pinned staging buffers in
// turn, so the host copy of one chunk overlaps the DMA of the other, which is what a careful
// user gets and what the end-to-end time reports. All work runs on one non-blocking stream; the
// timer records CUDA events on it, and the measurement hooks (cache flush, stream hold, NVML
// clocks, the read-only baseline) are here, so every CUDA plugin, the SDK's included, has them.
// Nothing touches the GPU before it is needed, so a plugin loads and answers "unavailable" on a
// machine without one.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <string>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/l2_flush.hpp"
#include "parprim/cuda/read_pass.hpp"
#include "parprim/cuda/stream_hold.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda {

class cuda_backend : public backend {
 public:
  std::string unavailable_reason() override;
  std::string device_description() override;

  void* allocate(std::uint64_t bytes) override;
  void release(void* buffer) override;
  void upload(void* dst, const void* host_src, std::uint64_t bytes) override;
  void download(void* host_dst, const void* src, std::uint64_t bytes) override;
  void copy(void* dst, const void* src, std::uint64_t bytes) override;
  void synchronize() override;

  void timer_start() override;
  void timer_stop() override;
  double timer_elapsed() override;

  // The measurement hooks (docs/measurement.md), for every CUDA plugin.
  /// Writes a scratch buffer of twice the L2's size on the stream (allocated on first use).
  void flush_caches() override;
  void hold_stream() override;
  bool release_stream() override;
  /// Through NVML; PARPRIM_UNAVAILABLE without it.
  parprim_clocks read_clocks() override;
  /// One kernel reads each byte once, 16 bytes a load (read_pass.hpp).
  void read_bytes(const void* src, std::uint64_t bytes) override;

  /// The plugin's stream, created with the context on first use.
  cudaStream_t stream();
  /// Properties of the device in use.
  const cudaDeviceProp& properties();

 private:
  void ensure_ready();
  void ensure_staging();

  static constexpr std::uint64_t staging_bytes = 32ull << 20;
  bool ready_ = false;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t timer_start_ = nullptr, timer_stop_ = nullptr;
  cudaDeviceProp properties_{};
  std::array<void*, 2> staging_{};
  std::array<cudaEvent_t, 2> staging_free_{};
  l2_flush flush_;
  stream_hold hold_;
  read_pass reader_;
};

}  // namespace parprim::cuda
