// A typed, size-carrying array in host memory, the currency of the oracle and the runner.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "parprim/host_memory.hpp"
#include "parprim/types.hpp"

namespace parprim {

namespace detail {
/// Frees what host_array allocated; leaves borrowed storage alone.
struct host_array_deleter {
  bool owned = true;
  void operator()(std::byte* p) const {
    if (owned) std::free(p);
  }
};
}  // namespace detail

class host_array {
 public:
  host_array() = default;
  /// Uninitialised storage for n elements of `dtype` from allocate_host_memory: on a cache line,
  /// and from 2 MiB on a huge page's boundary with the advice for one, as the backends' buffers.
  host_array(parprim_dtype dtype, std::uint64_t n)
      : dtype_(dtype),
        size_(n),
        data_(static_cast<std::byte*>(allocate_host_memory(n * dtype_size(dtype)))) {}

  /// A view of n elements that live elsewhere (a shared-memory mapping the caller keeps alive):
  /// nothing is freed when it goes.
  static host_array borrow(parprim_dtype dtype, std::uint64_t n, void* data) {
    host_array a;
    a.dtype_ = dtype;
    a.size_ = n;
    a.data_ = std::unique_ptr<std::byte[], detail::host_array_deleter>(
        static_cast<std::byte*>(data), detail::host_array_deleter{false});
    return a;
  }

  parprim_dtype dtype() const { return dtype_; }
  std::uint64_t size() const { return size_; }
  std::uint64_t bytes() const { return size_ * dtype_size(dtype_); }
  void* data() { return data_.get(); }
  const void* data() const { return data_.get(); }

  template <class T>
  std::span<T> as() {
    check<T>();
    return {reinterpret_cast<T*>(data_.get()), static_cast<std::size_t>(size_)};
  }
  template <class T>
  std::span<const T> as() const {
    check<T>();
    return {reinterpret_cast<const T*>(data_.get()), static_cast<std::size_t>(size_)};
  }

 private:
  template <class T>
  void check() const {
    if (dtype_of<T>::value != dtype_)
      throw std::logic_error("host_array holds " + std::string(to_string(dtype_)) + ", not " +
                             std::string(to_string(dtype_of<T>::value)));
  }
  parprim_dtype dtype_ = PARPRIM_I32;
  std::uint64_t size_ = 0;
  std::unique_ptr<std::byte[], detail::host_array_deleter> data_;
};

}  // namespace parprim
