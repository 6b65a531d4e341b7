// A plan's scratch array: starts on a 2 MiB boundary when large, and asks the kernel for
// transparent huge pages there (a no-op where THP is off), so that a scatter over it needs one
// TLB entry per 2 MiB rather than per 4 KiB; small arrays start on a cache line, which the
// write-combining scatter needs to stream whole lines (write_combining_scatter.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace parprim::host {

template <class T>
class aligned_array {
 public:
  aligned_array() = default;
  explicit aligned_array(std::uint64_t n) : size_(n) {
    if (n == 0) return;
    const std::size_t bytes = n * sizeof(T);
    const std::size_t alignment = bytes >= huge_page ? huge_page : 64;
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    void* p = std::aligned_alloc(alignment, rounded);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (alignment == huge_page) madvise(p, rounded, MADV_HUGEPAGE);  // advice: failure is fine
#endif
    data_.reset(static_cast<T*>(p));
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
  static constexpr std::size_t huge_page = std::size_t(2) << 20;
  struct free_memory {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T[], free_memory> data_;
  std::uint64_t size_ = 0;
};

}  // namespace parprim::host
