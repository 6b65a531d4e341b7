// The cold samples of the host-domain plugins (docs/measurement.md): before each one, a buffer
// twice the size of the last-level cache is written and read back, so that what the previous
// sample left in the caches is gone. It runs on the calling thread: the last-level cache and
// that core's private caches are flushed; another core's private L2 (1-2 MiB) may keep lines of
// its own, which a multi-threaded plugin's cold figure should be read with.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace parprim {

class host_cache_flush {
 public:
  /// The last-level cache's size as the C library reports it, else 32 MiB.
  static std::uint64_t last_level_cache_bytes() {
    for (const int level : {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE})
      if (const long bytes = sysconf(level); bytes > 0) return std::uint64_t(bytes);
    return 32ull << 20;
  }

  void operator()() {
    if (buffer_.empty()) buffer_.resize(2 * last_level_cache_bytes() / sizeof(std::uint64_t));
    ++round_;  // a new value each time: the stores cannot be skipped as redundant
    std::memset(buffer_.data(), int(round_ & 0xff), buffer_.size() * sizeof(std::uint64_t));
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < buffer_.size(); i += 8) sum += buffer_[i];  // one read per line
    sink_ = sum;
  }

 private:
  std::vector<std::uint64_t> buffer_;
  std::uint64_t round_ = 0;
  volatile std::uint64_t sink_ = 0;
};

}  // namespace parprim
