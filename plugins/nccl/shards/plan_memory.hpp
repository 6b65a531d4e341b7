// The device memory a plan owns: one allocation per rank of its group, carved into typed arrays.
#pragma once

#include <cstdint>
#include <vector>

#include "group/gpu_group.hpp"

namespace parprim::nccl {

/// One device allocation per rank (rank r on device r), freed with the plan.
class per_gpu_memory {
 public:
  per_gpu_memory() = default;
  per_gpu_memory(const per_gpu_memory&) = delete;
  per_gpu_memory& operator=(const per_gpu_memory&) = delete;
  ~per_gpu_memory() {
    for (std::size_t r = 0; r < blocks_.size(); ++r)
      if (blocks_[r]) {
        cudaSetDevice(devices_[r]);
        cudaFree(blocks_[r]);
      }
  }
  /// Allocates `bytes` for each rank of `g`, on its device.
  void allocate(const gpu_group& g, std::uint64_t bytes) {
    blocks_.assign(g.size(), nullptr);
    devices_.assign(g.size(), 0);
    for (int r = 0; r < g.size(); ++r) {
      devices_[r] = g.device(r);
      g.on(r, [&] {
        if (bytes) PARPRIM_CUDA_CHECK(cudaMalloc(&blocks_[r], bytes));
      });
    }
  }
  template <class T = void>
  T* on(int rank) const {
    return static_cast<T*>(blocks_[rank]);
  }

 private:
  std::vector<void*> blocks_;
  std::vector<int> devices_;
};

/// Carves typed arrays out of one allocation, each 256-byte aligned.
class carver {
 public:
  explicit carver(void* base = nullptr) : base_(static_cast<char*>(base)) {}
  template <class T>
  T* take(std::uint64_t count) {
    T* p = base_ ? reinterpret_cast<T*>(base_ + used_) : nullptr;
    used_ += (count * sizeof(T) + 255) / 256 * 256;
    return p;
  }
  std::uint64_t used() const { return used_; }

 private:
  char* base_;
  std::uint64_t used_ = 0;
};

}  // namespace parprim::nccl
