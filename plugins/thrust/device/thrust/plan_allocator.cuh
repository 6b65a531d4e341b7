// Thrust's temporary storage, reserved when the plan is made.
//
// Thrust asks for scratch memory inside each algorithm call. The plan makes one trial call at
// creation on buffers of its size; every block Thrust asked for is kept, and later calls (the
// timed ones) are served from those blocks, so a timed run never calls cudaMalloc.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <vector>

#include "parprim/cuda/check.hpp"

namespace parprim::thrust_plugin {

class plan_allocator {
 public:
  using value_type = char;

  plan_allocator() = default;
  plan_allocator(const plan_allocator&) = delete;
  plan_allocator& operator=(const plan_allocator&) = delete;
  ~plan_allocator() {
    for (const auto& b : blocks_) cudaFree(b.data);
  }

  char* allocate(std::ptrdiff_t bytes) {
    for (auto& b : blocks_)
      if (!b.in_use && b.bytes >= static_cast<std::size_t>(bytes)) {
        b.in_use = true;
        return b.data;
      }
    // Only the trial call at plan time gets here (or a call that needs more than it did).
    block b{nullptr, static_cast<std::size_t>(bytes), true};
    PARPRIM_CUDA_CHECK(cudaMalloc(&b.data, b.bytes ? b.bytes : 1));
    blocks_.push_back(b);
    return b.data;
  }

  void deallocate(char* p, std::size_t) {
    for (auto& b : blocks_)
      if (b.data == p) b.in_use = false;
  }

 private:
  struct block {
    char* data;
    std::size_t bytes;
    bool in_use;
  };
  std::vector<block> blocks_;
};

}  // namespace parprim::thrust_plugin
