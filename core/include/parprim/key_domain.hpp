// The key domain a sort variant may declare: PARPRIM_CAP_SORT_NONNEGATIVE_KEYS, keys >= 0 only
// (the course's radix sort is specified for non-negative integers). The runner does not run such
// a variant on an input with a key outside, and says so once; the conformance suite tests it on
// each of its inputs brought into the domain. One flag, not a declared range: the variant table
// has no room to grow without an ABI version, and the course's domain is the one met in practice
// (docs/decisions.md).
#pragma once

#include <cstdint>
#include <optional>

#include "parprim/host_array.hpp"
#include "parprim/problem.hpp"

namespace parprim {

/// Whether a variant with these capability flags sorts only keys >= 0 (for `p`, a sort).
inline bool limits_keys_to_nonnegative(std::uint32_t flags, const problem& p) {
  return p.operation == PARPRIM_OP_SORT && (flags & PARPRIM_CAP_SORT_NONNEGATIVE_KEYS) != 0;
}

/// The index of the first key of `keys` outside the non-negative domain (negative, or NaN; -0.0
/// compares equal to 0 and is inside), if any.
std::optional<std::uint64_t> first_key_below_zero(const host_array& keys);

/// `keys` with every key's sign bit cleared: integers k & max, floats |k| with NaN made +inf.
/// The same input's shape (its order, repeats and spread) inside the non-negative domain.
host_array with_sign_bits_cleared(const host_array& keys);

/// Why a non-negative-only variant is not run on an input with a key below zero: the same text
/// for every such state, so that the runner's tables say it once per variant.
inline constexpr const char* outside_nonnegative_domain =
    "the input has keys below zero, outside the variant's domain: it sorts keys >= 0 only (as "
    "the course specifies its radix sort); not run (the input 'nonnegative' is inside)";

}  // namespace parprim
