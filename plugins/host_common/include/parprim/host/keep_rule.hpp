// The compaction predicate of a problem: keep x != 0, or keep x > threshold.
#pragma once

#include "parprim/problem.hpp"

namespace parprim::host {

template <class T>
struct keep_rule {
  explicit keep_rule(const problem& p)
      : greater_than(p.predicate == PARPRIM_PRED_GREATER_THAN), threshold(p.threshold<T>()) {}

  bool operator()(T x) const { return greater_than ? x > threshold : x != T(0); }

  /// Calls fn with the predicate as a small lambda, so a loop is compiled once per predicate and
  /// the choice between them is made once per call, not per element.
  template <class Fn>
  decltype(auto) visit(Fn&& fn) const {
    if (greater_than) {
      const T t = threshold;
      return fn([t](T x) { return x > t; });
    }
    return fn([](T x) { return x != T(0); });
  }

  bool greater_than;
  T threshold;
};

}  // namespace parprim::host
