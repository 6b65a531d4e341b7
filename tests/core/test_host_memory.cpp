// Host memory for large arrays (host_memory.hpp): alignment by size, and the advice for
// transparent huge pages on a large block, read back from the kernel's own account of the
// mapping (/proc/self/smaps: VmFlags "hg"), for the plans' scratch, the backends' buffers and the
// runner's own arrays (host_array).
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "parprim/host_array.hpp"
#include "parprim/host_backend.hpp"
#include "parprim/host_memory.hpp"

namespace {

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

/// The VmFlags of the mapping that holds p, as /proc/self/smaps lists them ("" if none).
std::string vm_flags_at(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= address(p) && address(p) < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

// The CPU backends' memory domain; the plans are not what this file tests.
struct memory_only_backend : parprim::host_backend {
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem&, std::uint64_t) override {
    return nullptr;
  }
};

bool kernel_has_transparent_huge_pages() {
  return std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled");
}

}  // namespace

TEST_CASE("host memory: blocks under 2 MiB start on a cache line, larger ones on 2 MiB") {
  for (std::uint64_t bytes : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{63},
                              std::uint64_t{64}, std::uint64_t{65}, parprim::host_huge_page - 1}) {
    void* p = parprim::allocate_host_memory(bytes);
    INFO("bytes " << bytes);
    REQUIRE(p != nullptr);
    CHECK(address(p) % 64 == 0);
    std::memset(p, 0xAB, bytes);  // all of it is ours (ASan says otherwise)
    std::free(p);
  }
  for (std::uint64_t bytes : {parprim::host_huge_page, parprim::host_huge_page + 1,
                              (std::uint64_t{64} << 20) + 5}) {
    void* p = parprim::allocate_host_memory(bytes);
    INFO("bytes " << bytes);
    REQUIRE(p != nullptr);
    CHECK(address(p) % parprim::host_huge_page == 0);
    std::memset(p, 0xCD, bytes);
    std::free(p);
  }
}

TEST_CASE("host memory: a large block carries the advice for huge pages, a backend's buffer too") {
  if (!kernel_has_transparent_huge_pages()) {
    WARN("this kernel has no transparent huge pages: the advice is not checked");
    return;
  }
  // The flag is the advice's own (VM_HUGEPAGE), which memory without it never shows, THP
  // `always` or not: the check below can tell the two apart.
  void* plain = std::aligned_alloc(parprim::host_huge_page, std::uint64_t{8} << 20);
  REQUIRE(plain != nullptr);
  CHECK_THAT(vm_flags_at(plain), !Catch::Contains(" hg"));
  std::free(plain);

  void* scratch = parprim::allocate_host_memory(std::uint64_t{8} << 20);
  CHECK_THAT(vm_flags_at(scratch), Catch::Contains(" hg"));
  std::free(scratch);

  memory_only_backend backend;
  void* buffer = backend.allocate(std::uint64_t{16} << 20);
  CHECK(address(buffer) % parprim::host_huge_page == 0);
  CHECK_THAT(vm_flags_at(buffer), Catch::Contains(" hg"));
  backend.release(buffer);
}

TEST_CASE("host memory: the runner's arrays come from the same helper") {
  const parprim::host_array empty(PARPRIM_U8, 0);
  CHECK(empty.data() != nullptr);
  CHECK(address(empty.data()) % 64 == 0);
  const parprim::host_array small(PARPRIM_F64, 1000);
  CHECK(address(small.data()) % 64 == 0);
  parprim::host_array large(PARPRIM_U32, std::uint64_t{1} << 22);  // 16 MiB
  CHECK(address(large.data()) % parprim::host_huge_page == 0);
  std::memset(large.data(), 0x5A, large.bytes());
  if (kernel_has_transparent_huge_pages())
    CHECK_THAT(vm_flags_at(large.data()), Catch::Contains(" hg"));
}
