// A plan's scratch buffer on the device, allocated when the plan is made, released with it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <utility>

#include "parprim/cuda/check.hpp"

namespace parprim::cuda {

template <class T>
class device_buffer {
 public:
  device_buffer() = default;
  explicit device_buffer(std::uint64_t n) : n_(n) {
    if (n == 0) return;
    const cudaError_t e = cudaMalloc(&p_, n * sizeof(T));
    if (e == cudaErrorMemoryAllocation) cudaGetLastError();  // not sticky
    PARPRIM_CUDA_CHECK(e);
  }
  device_buffer(device_buffer&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  device_buffer& operator=(device_buffer&& o) noexcept {
    if (this != &o) {
      if (p_) cudaFree(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  ~device_buffer() {
    if (p_) cudaFree(p_);
  }
  T* get() const { return p_; }
  std::uint64_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::uint64_t n_ = 0;
};

}  // namespace parprim::cuda
