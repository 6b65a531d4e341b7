// Branch-free stable compaction of one contiguous range.
#pragma once

#include <cstdint>

#include "parprim/host/compact_avx512.hpp"
#include "parprim/host/compact_scalar.hpp"
#include "parprim/host/compact_simd.hpp"
#include "parprim/host/keep_rule.hpp"

namespace parprim::host {

/// The widest compaction form this machine has, chosen once: AVX-512 (16 or 8 lanes a step),
/// SSE4.2 (4 or 2), scalar.
enum class compact_path { avx512, sse42, scalar };
inline compact_path best_compact_path() {
  return has_avx512f()                             ? compact_path::avx512
         : simd_compact_supported<std::uint32_t>() ? compact_path::sse42
                                                   : compact_path::scalar;
}

/// Writes every kept element of in[0..n) to out in order and returns how many, with the widest
/// form the machine has. The SIMD forms pack a vector's kept lanes and store the vector at once.
/// out must have room for n elements (past the count it holds garbage).
template <class T>
std::uint64_t compact_range(const T* in, T* out, std::uint64_t n, const keep_rule<T>& keep) {
  switch (best_compact_path()) {
    case compact_path::avx512:
      return avx512_compact(in, out, n, keep);
    case compact_path::sse42:
      return simd_compact(in, out, n, keep);
    case compact_path::scalar:
      break;
  }
  return scalar_compact(in, out, n, keep);
}

/// The form compact_range takes on this machine, for a backend's description.
inline const char* compact_isa() {
  switch (best_compact_path()) {
    case compact_path::avx512:
      return "avx512";
    case compact_path::sse42:
      return "sse4.2";
    case compact_path::scalar:
      break;
  }
  return "scalar";
}

}  // namespace parprim::host
