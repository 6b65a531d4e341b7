// A plan's scratch array, from parprim::allocate_host_memory: a large one on 2 MiB boundaries
// with the advice for transparent huge pages, so that a scatter over it needs one TLB entry per
// 2 MiB rather than per 4 KiB; a small one on a cache line, which the write-combining scatter
// needs to stream whole lines (write_combining_scatter.hpp).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>

#include "parprim/host_memory.hpp"

namespace parprim::host {

template <class T>
class aligned_array {
 public:
  aligned_array() = default;
  explicit aligned_array(std::uint64_t n) : size_(n) {
    if (n == 0) return;
    data_.reset(static_cast<T*>(allocate_host_memory(n * sizeof(T))));
  }
  T* data() {
    return data_.get();
  }
  const T* data() const {
    return data_.get();
  }
  std::uint64_t size() const {
    return size_;
  }

 private:
  struct free_memory {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T[], free_memory> data_;
  std::uint64_t size_ = 0;
};

}  // namespace parprim::host
