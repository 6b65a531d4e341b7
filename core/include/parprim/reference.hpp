// The oracle: reference implementations of every operation, written for clarity and
// independent of every plugin.
#pragma once

#include <cstdint>

#include "parprim/host_array.hpp"
#include "parprim/problem.hpp"

namespace parprim {

struct reference_output {
  host_array out;  // scan result; compacted elements (first `count`); sorted keys; the
                   // UTF-8 operations' output (`count` elements)
  host_array values_out;    // sorted values (sort pairs only)
  std::uint64_t count = 0;  // compact: kept elements; UTF-8: elements written, or ill-formed
                            // subparts (validate form); otherwise n
  std::uint64_t first_error = 0;  // utf8_decode validate: offset of the first error, n if none
};

/// `values` is read for sort pairs only. The UTF-8 operations' oracle is utf8/operations.hpp.
reference_output compute_reference(const problem& p, const host_array& in,
                                   const host_array* values);

/// The sort order of the oracle for one element type: CUB's order for floats
/// (-NaN < -inf < ... < -0.0 = +0.0 < ... < +inf < +NaN), the usual one otherwise.
template <class T>
bool sorts_before(T a, T b);

}  // namespace parprim
