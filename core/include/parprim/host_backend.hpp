// The host memory domain and steady-clock timer shared by the CPU backends.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "parprim/host_cache_flush.hpp"
#include "parprim/host_memory.hpp"
#include "parprim/plugin.hpp"

namespace parprim {

/// The OR of the bytes [src, src + bytes), 32 bytes a step into four words (vectorised by the
/// compiler): the read-only baseline's work, one read of each byte.
inline std::uint64_t or_of_bytes(const void* src, std::uint64_t bytes) {
  const auto* p = static_cast<const unsigned char*>(src);
  std::uint64_t a = 0, b = 0, c = 0, d = 0, i = 0;
  for (; i + 32 <= bytes; i += 32) {
    std::uint64_t w[4];
    std::memcpy(w, p + i, sizeof w);
    a |= w[0];
    b |= w[1];
    c |= w[2];
    d |= w[3];
  }
  for (; i < bytes; ++i) a |= p[i];
  return a | b | c | d;
}

class host_backend : public backend {
 public:
  // Cache-line aligned so that vector loads and per-thread blocks start on a line; large
  // buffers on huge pages (host_memory.hpp).
  void* allocate(std::uint64_t bytes) override { return allocate_host_memory(bytes); }
  void release(void* buffer) override { std::free(buffer); }
  void upload(void* dst, const void* src, std::uint64_t bytes) override {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  void download(void* dst, const void* src, std::uint64_t bytes) override {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  void copy(void* dst, const void* src, std::uint64_t bytes) override {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  /// The read-only baseline, on one thread as `copy` is (or_of_bytes), its result kept in a
  /// volatile member so that the loads stay. A plugin whose copy uses more threads reads with
  /// as many (keep_read).
  void read_bytes(const void* src, std::uint64_t bytes) override {
    keep_read(or_of_bytes(src, bytes));
  }

  /// Cold samples (off by default for host plugins: the config's host_mode).
  void flush_caches() override { flush_(); }

  void timer_start() override { start_ = clock::now(); }
  void timer_stop() override { stop_ = clock::now(); }
  double timer_elapsed() override { return std::chrono::duration<double>(stop_ - start_).count(); }

 protected:
  /// Keeps a read-only pass's result where the compiler must assume it is read.
  void keep_read(std::uint64_t value) { read_sink_ = value; }

 private:
  using clock = std::chrono::steady_clock;
  clock::time_point start_{}, stop_{};
  host_cache_flush flush_;
  volatile std::uint64_t read_sink_ = 0;
};

}  // namespace parprim
