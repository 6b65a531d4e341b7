// The UTF-8 operations as parprim problems: the oracle's output of a utf8_decode or utf8_encode
// problem, and the check of a backend's output against it. compute_reference and validate
// (reference.hpp, validate.hpp) hand these problems here.
#pragma once

#include <optional>

#include "parprim/host_array.hpp"
#include "parprim/problem.hpp"
#include "parprim/reference.hpp"
#include "parprim/validate.hpp"

namespace parprim::utf8 {

/// The oracle's output: decoded code points (u32) or encoded bytes (u8) and their count; for
/// the validate form, the number of ill-formed subparts in `count` and their first offset.
reference_output reference_of(const problem& p, const host_array& in);

/// The first difference between a backend's output and the oracle's: the count (and for the
/// validate form the first error's offset), then the written elements, as code points
/// ("U+00E9") or bytes ("0xC3").
std::optional<mismatch> check_output(const problem& p, const reference_output& expected,
                                     const backend_output& actual);

}  // namespace parprim::utf8
