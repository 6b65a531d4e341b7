// The cold samples of the host-domain plugins (docs/measurement.md): before each one, a buffer
// twice the size of the last-level cache is written and read back, so that what the previous
// sample left in the caches is gone. It runs on the calling thread: the last-level cache and
// that core's private caches are flushed; another core's private L2 (1-2 MiB) may keep lines of
// its own, which a multi-threaded plugin's cold figure should be read with.
#pragma once

#include <sched.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace parprim {

class host_cache_flush {
 public:
  /// The last-level cache this process can use: the largest cache of the CPU it runs on, as
  /// the kernel describes it (sysfs, what lscpu reads); else as the C library reports it, else
  /// 32 MiB. The C library's figure can be the host's, not the VM's: 320 MiB on a 2-vCPU
  /// machine whose own L3 is 32 MiB, which made each cold flush write ten times more.
  static std::uint64_t last_level_cache_bytes() {
    const int cpu = sched_getcpu();
    const std::filesystem::path caches =
        "/sys/devices/system/cpu/cpu" + std::to_string(cpu < 0 ? 0 : cpu) + "/cache";
    if (const std::uint64_t bytes = largest_cache_bytes(caches); bytes > 0) return bytes;
    for (const int level : {_SC_LEVEL4_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE})
      if (const long bytes = sysconf(level); bytes > 0) return std::uint64_t(bytes);
    return 32ull << 20;
  }

  /// The largest data or unified cache under a sysfs cache folder (index*/{level,type,size}), of
  /// the highest level; 0 when none can be read.
  static std::uint64_t largest_cache_bytes(const std::filesystem::path& caches) {
    std::error_code ec;
    int best_level = 0;
    std::uint64_t best = 0;
    for (const auto& index : std::filesystem::directory_iterator(caches, ec)) {
      if (index.path().filename().string().rfind("index", 0) != 0) continue;
      const std::string type = read_word(index.path() / "type");
      if (type != "Unified" && type != "Data") continue;
      const int level = std::atoi(read_word(index.path() / "level").c_str());
      const std::uint64_t bytes = size_bytes(read_word(index.path() / "size"));
      if (bytes > 0 && (level > best_level || (level == best_level && bytes > best))) {
        best_level = level;
        best = bytes;
      }
    }
    return best;
  }

  /// A sysfs cache size, "32768K" or "32M" or "1024": its bytes; 0 when it is none of these.
  static std::uint64_t size_bytes(const std::string& text) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    if (digits == 0 || digits > 12) return 0;
    const std::uint64_t value = std::stoull(text.substr(0, digits));
    const std::string unit = text.substr(digits);
    if (unit.empty()) return value;
    if (unit == "K") return value << 10;
    if (unit == "M") return value << 20;
    if (unit == "G") return value << 30;
    return 0;
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

  static std::string read_word(const std::filesystem::path& file) {
    std::ifstream f(file);
    std::string word;
    f >> word;
    return word;
  }
};

}  // namespace parprim
