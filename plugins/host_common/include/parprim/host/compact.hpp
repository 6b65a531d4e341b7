// Branch-free stable compaction of one contiguous range.
#pragma once

#include <cstdint>

#include "parprim/host/compact_avx512.hpp"
#include "parprim/host/compact_scalar.hpp"
#include "parprim/host/compact_simd.hpp"
#include "parprim/host/keep_rule.hpp"

namespace parprim::host {

/// Writes every kept element of in[0..n) to out in order and returns how many, with the widest
/// form the machine has: AVX-512 (16 or 8 lanes a step), SSE4.2 (4 or 2), scalar. The SIMD forms
/// pack a vector's kept lanes and store the vector at once. out must have room for n elements
/// (past the count it holds garbage).
template <class T>
std::uint64_t compact_range(const T* in, T* out, std::uint64_t n, const keep_rule<T>& keep) {
  if (avx512_compact_supported()) return avx512_compact(in, out, n, keep);
  if (simd_compact_supported<T>()) return simd_compact(in, out, n, keep);
  return scalar_compact(in, out, n, keep);
}

/// The form compact_range takes on this machine, for a backend's description.
inline const char* compact_isa() {
  return avx512_compact_supported()               ? "avx512"
         : simd_compact_supported<std::uint32_t>() ? "sse4.2"
                                                   : "scalar";
}

}  // namespace parprim::host
