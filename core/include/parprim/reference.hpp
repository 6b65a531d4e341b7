// The oracle: reference implementations of every operation, written for clarity and
// independent of every plugin.
#pragma once

#include <cstdint>

#include "parprim/host_array.hpp"
#include "parprim/problem.hpp"

namespace parprim {

struct reference_output {
  host_array out;           // scan result; compacted elements (first `count`); sorted keys
  host_array values_out;    // sorted values (sort pairs only)
  std::uint64_t count = 0;  // compact: kept elements; otherwise n
};

/// `values` is read for sort pairs only.
reference_output compute_reference(const problem& p, const host_array& in,
                                   const host_array* values);

/// The sort order of the oracle for one element type: CUB's order for floats
/// (-NaN < -inf < ... < -0.0 = +0.0 < ... < +inf < +NaN), the usual one otherwise.
template <class T>
bool sorts_before(T a, T b);

}  // namespace parprim
