// Whether this CPU runs the AVX-512 forms of the CPU plugins' loops (the compaction, the radix
// sort's count and its in-cache quicksort): each is compiled with a target attribute beside its
// portable form and chosen at run time, so the plugins still run on CPUs without AVX-512.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PARPRIM_HAVE_AVX512 1
#endif

namespace parprim::host {

/// AVX-512F (and popcnt, which every AVX-512 CPU has) on this CPU; false off x86-64.
inline bool has_avx512f() {
#if PARPRIM_HAVE_AVX512
  static const bool yes = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("popcnt");
  return yes;
#else
  return false;
#endif
}

}  // namespace parprim::host
