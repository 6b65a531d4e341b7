// The sizes, forms and seeds every plugin is checked at.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parprim/generators.hpp"
#include "parprim/plugin.hpp"
#include "parprim/problem.hpp"

namespace parprim::conformance {

/// Seed of every input; each case derives its own from it, and CAPTUREs it.
inline constexpr std::uint64_t base_seed = 20261121;

/// The course's own test sizes (2^8 and 2^8 - 3), then, ascending: edges around common tile
/// sizes, non-powers of two, 2^20 +- 1, and a few random sizes drawn from base_seed.
std::vector<std::uint64_t> sizes();

/// Leaves out sizes above `max_n` (--max-size: for runs under a slow checker such as
/// compute-sanitizer, which multiplies the time of every kernel).
void limit_sizes(std::uint64_t max_n);

/// Keeps the forms whose description contains `text` (--forms "pairs descending": to chase one
/// failure, or to split a slow checker's run).
void limit_forms(std::string text);

/// Test only the variants with one of these comma-separated names (--variants "lookback");
/// empty: every variant.
void limit_variants(const std::string& names);
bool variant_chosen(const std::string& name);

/// The repeatability check's runs and size (--repeat-runs, --repeat-size;
/// test_repeatability.cpp).
struct repeat_settings {
  std::uint64_t runs = 1000;
  std::uint64_t n = (std::uint64_t(1) << 24) + 7;
};
void choose_repeat_settings(repeat_settings r);
repeat_settings chosen_repeat_settings();

/// Parameter values to test at (--params "block_size=64,items_per_thread=2"): a variant that
/// declares one of them is tested at that value, the others at their defaults. Throws
/// std::invalid_argument naming the part of `text` that is not NAME=INTEGER.
void choose_params(const std::string& text);

/// Sets in `p` the chosen values that `v` declares; returns whether it set any.
bool apply_chosen_params(const variant& v, problem& p);

/// Every form of the operation for one element type: scan kinds, compaction predicates (nonzero
/// and greater_than with a threshold inside the inputs' range), sort payloads and orders, the
/// UTF-8 decoder's replace and validate forms.
std::vector<problem> forms(parprim_operation op, parprim_dtype dtype);

/// The seed of one input, so that a failure names a seed that reproduces it alone.
std::uint64_t case_seed(std::uint64_t n, distribution d, parprim_dtype dtype);

}  // namespace parprim::conformance
