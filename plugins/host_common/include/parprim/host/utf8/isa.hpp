// The widest vector path this CPU runs, chosen once at run time, so that one plugin binary
// uses AVX-512 (VBMI, VBMI2) or AVX2 where they exist and still runs on a baseline x86-64 (SSE2)
// or elsewhere (scalar). avx512 is AVX2 plus the encoder's 16-lane step (vector_encode512.hpp)
// and the decoder's 64-byte blocks (vector_decode512.hpp).
#pragma once

#include <string_view>

#include "parprim/host/utf8/ascii_blocks.hpp"

namespace parprim::host::utf8 {

enum class isa { scalar, sse2, avx2, avx512 };

inline isa best_isa() {
#if PARPRIM_HAVE_UTF8_SIMD
  static const isa best = [] {
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi") ||
        !__builtin_cpu_supports("bmi2"))
      return isa::sse2;
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512vbmi") &&
                   __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt")
               ? isa::avx512
               : isa::avx2;
  }();
  return best;
#else
  return isa::scalar;
#endif
}

inline std::string_view to_string(isa i) {
  return i == isa::avx512 ? "avx512" : i == isa::avx2 ? "avx2" : i == isa::sse2 ? "sse2" : "scalar";
}

/// The paths this CPU runs, narrowest first: every one of them is a choice a test can make.
inline bool runs_here(isa i) {
  return static_cast<int>(i) <= static_cast<int>(best_isa());
}

}  // namespace parprim::host::utf8
