#include "parprim/cuda/check.hpp"
#include "parprim/cuda/stream_hold.hpp"

namespace parprim::cuda {
namespace {

__device__ std::uint64_t global_nanoseconds() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Spins until the host releases this generation, or the timeout passes. The flags live in host
// memory, so each read goes over the bus: the sleep keeps that to a trickle.
__global__ void hold_until_released(volatile std::uint32_t* released,
                                    volatile std::uint32_t* timed_out, std::uint32_t generation,
                                    std::uint64_t timeout_ns) {
  const std::uint64_t start = global_nanoseconds();
  while (*released != generation) {
    if (global_nanoseconds() - start > timeout_ns) {
      *timed_out = generation;
      return;
    }
    __nanosleep(1000);
  }
}

}  // namespace

stream_hold::~stream_hold() {
  if (host_) cudaFreeHost(host_);  // at exit: nothing to report a failure to
}

void stream_hold::hold(cudaStream_t stream) {
  if (!host_) {
    PARPRIM_CUDA_CHECK(
        cudaHostAlloc(reinterpret_cast<void**>(&host_), sizeof(flags), cudaHostAllocMapped));
    host_->released = host_->timed_out = 0;
    PARPRIM_CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), host_, 0));
  }
  ++generation_;
  hold_until_released<<<1, 1, 0, stream>>>(&device_->released, &device_->timed_out, generation_,
                                           std::uint64_t(timeout_s * 1e9));
  PARPRIM_CUDA_CHECK_LAUNCH("hold_until_released");
}

bool stream_hold::release() {
  __atomic_store_n(&host_->released, generation_, __ATOMIC_SEQ_CST);
  return __atomic_load_n(&host_->timed_out, __ATOMIC_SEQ_CST) == generation_;
}

}  // namespace parprim::cuda
