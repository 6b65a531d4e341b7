// The compaction predicate as a device functor, shared by every CUDA plugin.
#pragma once

#include "parprim/problem.hpp"

namespace parprim::cuda {

template <class T>
struct keep_predicate {
  bool greater_than;
  T threshold;
  __host__ __device__ bool operator()(const T& x) const {
    return greater_than ? x > threshold : x != T(0);  // NaN: kept by nonzero, never greater
  }
};

template <class T>
keep_predicate<T> make_keep_predicate(const problem& p) {
  return {p.predicate == PARPRIM_PRED_GREATER_THAN, p.threshold<T>()};
}

}  // namespace parprim::cuda
