// Compatibility for course code as students wrote it, force-included into every source of a
// course plugin by parprim_add_course_plugin() so that such code builds unchanged with GCC and
// nvcc on Linux (docs/course-projects.md). Only what real submissions relied on is here:
//  - Visual Studio (the course is taught with it): MSVC's headers include <memory>,
//    <algorithm>, <string>... from one another, so code using std::unique_ptr or std::min
//    without including them builds there; these includes make it build here. __debugbreak(),
//    MSVC's breakpoint intrinsic, becomes a trap: a crash the runner reports for that one case
//    (docs/isolation.md), where the debugger would have stopped. memcpy_s(), the bounds-checked
//    copy of MSVC's C library (C11's optional Annex K, which glibc does not provide), checks
//    and copies as MSVC's does.
//  - The CUDA of the course's early years: cudaThreadSynchronize(), removed in CUDA 12, is
//    cudaDeviceSynchronize(), which it had long been an alias of.
#pragma once
#ifdef __cplusplus
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#endif

#if !defined(_MSC_VER) && !defined(__debugbreak)
#define __debugbreak() __builtin_trap()
#endif

#if defined(__cplusplus) && !defined(_MSC_VER) && !defined(__STDC_LIB_EXT1__)
#include <cerrno>
// As MSVC's: a null destination is EINVAL; a null source or a count past the destination's
// size empties the destination and is EINVAL or ERANGE; otherwise the bytes are copied.
inline int memcpy_s(void* dest, std::size_t dest_size, const void* src, std::size_t count) {
  if (count == 0) return 0;
  if (!dest) return EINVAL;
  if (!src || count > dest_size) {
    std::memset(dest, 0, dest_size);
    return src ? ERANGE : EINVAL;
  }
  std::memcpy(dest, src, count);
  return 0;
}
#endif

#include <cuda_runtime_api.h>
#if CUDART_VERSION >= 12000 && !defined(cudaThreadSynchronize)
#define cudaThreadSynchronize cudaDeviceSynchronize
#endif
