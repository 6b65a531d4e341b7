// The host cold flush's size: the last-level cache the process can use, read where lscpu reads
// it (sysfs), not the C library's figure, which on a VM can be the whole host's.
#include <catch2/catch.hpp>

#include <fstream>

#include "parprim/host_cache_flush.hpp"

using parprim::host_cache_flush;
namespace fs = std::filesystem;

namespace {
void cache(const fs::path& dir, const std::string& index, int level, const std::string& type,
           const std::string& size) {
  fs::create_directories(dir / index);
  std::ofstream(dir / index / "level") << level << "\n";
  std::ofstream(dir / index / "type") << type << "\n";
  std::ofstream(dir / index / "size") << size << "\n";
}
}  // namespace

TEST_CASE("host_cache_flush: sysfs sizes in K, M, G or bytes, anything else is none") {
  CHECK(host_cache_flush::size_bytes("32768K") == 32ull << 20);
  CHECK(host_cache_flush::size_bytes("32M") == 32ull << 20);
  CHECK(host_cache_flush::size_bytes("1G") == 1ull << 30);
  CHECK(host_cache_flush::size_bytes("4096") == 4096);
  CHECK(host_cache_flush::size_bytes("") == 0);
  CHECK(host_cache_flush::size_bytes("K") == 0);
  CHECK(host_cache_flush::size_bytes("12X") == 0);
}

TEST_CASE("host_cache_flush: the largest cache of the highest level, never the instruction cache") {
  const fs::path dir = fs::temp_directory_path() / "parprim_test_caches";
  fs::remove_all(dir);
  // A 2-vCPU VM's view (this project's machines: lscpu says 32 MiB of L3; sysconf said 320 MiB).
  cache(dir, "index0", 1, "Data", "32K");
  cache(dir, "index1", 1, "Instruction", "64K");
  cache(dir, "index2", 2, "Unified", "1024K");
  cache(dir, "index3", 3, "Unified", "32768K");
  CHECK(host_cache_flush::largest_cache_bytes(dir) == 32ull << 20);
  fs::remove_all(dir / "index3");
  CHECK(host_cache_flush::largest_cache_bytes(dir) == 1ull << 20);  // no L3: the L2
  fs::remove_all(dir);
  CHECK(host_cache_flush::largest_cache_bytes(dir) == 0);  // nothing to read
}

TEST_CASE("host_cache_flush: this machine's last-level cache is the one sysfs describes") {
  const std::uint64_t bytes = host_cache_flush::last_level_cache_bytes();
  CHECK(bytes >= 1ull << 20);
  const fs::path cpu0 = "/sys/devices/system/cpu/cpu0/cache";
  if (host_cache_flush::largest_cache_bytes(cpu0) > 0)
    CHECK(bytes <= 4 * host_cache_flush::largest_cache_bytes(cpu0));  // the same kind of CPU
}
