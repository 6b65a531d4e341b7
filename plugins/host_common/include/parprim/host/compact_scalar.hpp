// The scalar stable compaction: every machine's form, and the SIMD forms' tail.
#pragma once

#include <cstdint>

#include "parprim/host/keep_rule.hpp"

namespace parprim::host {

/// Writes every kept element of in[0..n) to out in order and returns how many. Stores each
/// element unconditionally and advances the cursor by 0 or 1, so a random predicate costs no
/// mispredicted branches. out must have room for n elements (past the count it holds garbage).
template <class T>
std::uint64_t scalar_compact(const T* in, T* out, std::uint64_t n, const keep_rule<T>& keep) {
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
