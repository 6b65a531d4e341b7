// Validation of a backend's output against the oracle.
//
// Integers and sorts are compared bit for bit (so ±0 and NaN payloads must be where a stable
// sort puts them); compaction compares the count and the kept elements; float scans are checked
// against a long double reference within the error bound of floating-point summation in any
// order (docs/semantics.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "parprim/host_array.hpp"
#include "parprim/problem.hpp"
#include "parprim/reference.hpp"

namespace parprim {

struct mismatch {
  std::string what;  // "element", "count", "value"
  std::uint64_t index = 0;
  std::string expected;
  std::string actual;
  std::string describe() const;  // "element 7: expected 12, actual 13"
};

struct backend_output {
  const host_array* out = nullptr;
  const host_array* values_out = nullptr;  // sort pairs
  std::uint64_t count = 0;                 // compact, UTF-8
  std::uint64_t first_error = 0;           // utf8_decode validate
};

std::optional<mismatch> validate(const problem& p, const host_array& in,
                                 const reference_output& expected, const backend_output& actual);

/// Tolerance of one float scan output: `terms` summands with absolute sum `abs_sum`.
double float_scan_tolerance(parprim_dtype dtype, std::uint64_t terms, long double abs_sum);

/// Shortest text that reads back to the same value ("nan", "-0", "inf", "1.5", "-12").
template <class T>
std::string format_value(T value);

}  // namespace parprim
