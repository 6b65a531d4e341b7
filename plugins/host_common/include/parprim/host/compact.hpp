// Branch-free stable compaction of one contiguous range.
#pragma once

#include <cstdint>

#include "parprim/host/compact_simd.hpp"
#include "parprim/host/keep_rule.hpp"

namespace parprim::host {

/// Writes every kept element of in[0..n) to out in order and returns how many. The scalar form
/// stores each element unconditionally and advances the cursor by 0 or 1, so a random predicate
/// costs no mispredicted branches; the SIMD form packs a vector's kept lanes with one shuffle and
/// stores them at once. out must have room for n elements (past the count it holds garbage).
template <class T>
std::uint64_t compact_range(const T* in, T* out, std::uint64_t n, const keep_rule<T>& keep) {
  if (simd_compact_supported<T>()) return simd_compact(in, out, n, keep);
  return keep.visit([&](auto pred) {
    std::uint64_t count = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const T x = in[i];
      out[count] = x;
      count += pred(x) ? 1 : 0;
    }
    return count;
  });
}

}  // namespace parprim::host
