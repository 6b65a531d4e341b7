// The widest vector path this CPU runs, chosen once at run time, so that one plugin binary
// uses AVX2 where it exists and still runs on a baseline x86-64 (SSE2) or elsewhere (scalar).
#pragma once

#include <string_view>

#include "parprim/host/utf8/ascii_blocks.hpp"

namespace parprim::host::utf8 {

enum class isa { scalar, sse2, avx2 };

inline isa best_isa() {
#if PARPRIM_HAVE_UTF8_SIMD
  static const isa best = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                                  __builtin_cpu_supports("bmi2")
                              ? isa::avx2
                              : isa::sse2;
  return best;
#else
  return isa::scalar;
#endif
}

inline std::string_view to_string(isa i) {
  return i == isa::avx2 ? "avx2" : i == isa::sse2 ? "sse2" : "scalar";
}

}  // namespace parprim::host::utf8
