// Which x86 CPU this is, for the sort's rules that were measured on some CPUs and not on others
// (docs/algorithms/cpu_sort.md): AMD's families by number (0x19 Zen 3 and Zen 4, 0x1A Zen 5),
// Intel's as a vendor. A rule keeps its measured form only where it was measured.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace parprim::host {

/// AMD's family number of this CPU (the base family plus the extended one where the base is
/// 0xF), or 0 if it is not an AMD x86 CPU.
inline unsigned amd_family() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const unsigned family = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__builtin_cpu_is("amd") || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0u;
    const unsigned base = (eax >> 8) & 0xF;
    return base == 0xF ? base + ((eax >> 20) & 0xFF) : base;
  }();
  return family;
#else
  return 0;
#endif
}

/// Whether this is an Intel x86 CPU.
inline bool is_intel_cpu() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool intel = __builtin_cpu_is("intel");
  return intel;
#else
  return false;
#endif
}

}  // namespace parprim::host
