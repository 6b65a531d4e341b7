// Holds a CUDA stream while the host enqueues a timed sample (docs/measurement.md), as nvbench's
// blocking kernel does: a one-thread kernel spins on a flag in mapped host memory, so the
// timer's events and the run's launches queue up behind it and then run back to back; the
// host's launch cost stays out of the GPU time. The kernel gives up after a timeout, so that a
// run() which waits for the GPU inside the call (a synchronizing copy, a cudaFree) cannot
// deadlock with it; release() then says so.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace parprim::cuda {

class stream_hold {
 public:
  /// How long a hold lasts at most: far beyond any enqueue, short enough to be paid once.
  static constexpr double timeout_s = 0.5;

  stream_hold() = default;
  stream_hold(const stream_hold&) = delete;
  stream_hold& operator=(const stream_hold&) = delete;
  ~stream_hold();

  /// Enqueues the holding kernel on `stream`.
  void hold(cudaStream_t stream);
  /// Lets the held stream go on; true when the hold had already ended by its timeout.
  bool release();

 private:
  struct flags {
    std::uint32_t released;   // the generation the host released last
    std::uint32_t timed_out;  // the generation whose hold ran into its timeout
  };
  flags* host_ = nullptr;    // mapped, pinned host memory...
  flags* device_ = nullptr;  // ...and the device's address of it
  std::uint32_t generation_ = 0;
};

}  // namespace parprim::cuda
