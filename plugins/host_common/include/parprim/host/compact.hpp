// Branch-free stable compaction of one contiguous range.
#pragma once

#include <cstdint>

#include "parprim/problem.hpp"

namespace parprim::host {

/// Calls fn(keep) with the problem's predicate as a small lambda, so the choice between the
/// predicates is made once per run, not once per element.
template <class T, class Fn>
decltype(auto) with_keep_predicate(const problem& p, Fn&& fn) {
  if (p.predicate == PARPRIM_PRED_GREATER_THAN) {
    const T threshold = p.threshold<T>();
    return fn([threshold](T x) { return x > threshold; });
  }
  return fn([](T x) { return x != T(0); });
}

/// Writes every kept element of in[0..n) to out in order and returns how many. Each element is
/// stored unconditionally and the cursor advances by 0 or 1, so a random predicate costs no
/// mispredicted branches; out must have room for n elements.
template <class T, class Keep>
std::uint64_t compact_range(const T* in, T* out, std::uint64_t n, Keep keep) {
  std::uint64_t count = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const T x = in[i];
    out[count] = x;
    count += keep(x) ? 1 : 0;
  }
  return count;
}

/// How many elements of in[0..n) are kept.
template <class T, class Keep>
std::uint64_t count_range(const T* in, std::uint64_t n, Keep keep) {
  std::uint64_t count = 0;
  for (std::uint64_t i = 0; i < n; ++i) count += keep(in[i]) ? 1 : 0;
  return count;
}

}  // namespace parprim::host
