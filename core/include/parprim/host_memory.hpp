// Host memory for large arrays: a block of 2 MiB or more starts on a 2 MiB boundary and asks the
// kernel for transparent huge pages (a no-op where THP is off), so that a scatter over it needs
// one TLB entry per 2 MiB rather than per 4 KiB; a smaller one starts on a cache line. The CPU
// backends' buffers (host_backend.hpp), their plans' scratch (host_common's aligned_array) and
// the runner's own arrays (host_array.hpp) all come from here: where THP is "madvise" (Debian's
// and Ubuntu's default), memory without the advice never gets huge pages, while numpy advises
// its arrays of 4 MiB and more, so the comparison's arrays would otherwise differ in their pages
// (docs/algorithms/cpu_sort.md, "The CPU backends' buffers on huge pages").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace parprim {

inline constexpr std::size_t host_huge_page = std::size_t(2) << 20;

/// At least `bytes` (and at least one cache line) of uninitialised host memory, aligned as the
/// file's comment says; std::free releases it. Throws std::bad_alloc.
inline void* allocate_host_memory(std::uint64_t bytes) {
  const std::size_t alignment = bytes >= host_huge_page ? host_huge_page : 64;
  const std::size_t rounded =
      bytes == 0 ? alignment : (bytes + alignment - 1) / alignment * alignment;
  void* p = std::aligned_alloc(alignment, rounded);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (alignment == host_huge_page) madvise(p, rounded, MADV_HUGEPAGE);  // advice: failure is fine
#endif
  return p;
}

}  // namespace parprim
