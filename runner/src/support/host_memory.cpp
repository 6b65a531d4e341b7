#include "support/host_memory.hpp"

#include <fstream>
#include <sstream>
#include <string>

namespace parprim::runner {
namespace {
std::optional<std::uint64_t> meminfo(const std::string& key) {
  std::ifstream f("/proc/meminfo");
  for (std::string line; std::getline(f, line);) {
    if (line.rfind(key + ":", 0) != 0) continue;
    std::istringstream ss(line.substr(key.size() + 1));
    std::uint64_t kib = 0;
    if (ss >> kib) return kib * 1024;
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::uint64_t> host_memory_available() {
  return meminfo("MemAvailable");
}
std::optional<std::uint64_t> host_memory_total() {
  return meminfo("MemTotal");
}

}  // namespace parprim::runner
