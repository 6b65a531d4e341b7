// Input generators. Every element is a pure function of (seed, index), so a seed reproduces an
// input exactly on any machine, and generation can be split across threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parprim/host_array.hpp"

namespace parprim {

enum class distribution {
  uniform,         // integers: every bit pattern equally likely; floats: uniform in [-1, 1)
  small,           // uniform over {0, 1, 2, 3}: the classic compaction input, ~25% zeros
  all_equal,       // one value repeated
  sorted,          // ascending, spread over the type's range (repeats when n exceeds it)
  reverse_sorted,  // descending
  few_unique,      // 16 distinct values
  float_special    // floats only: ±0, ±inf, ±NaN and ±denormals mixed into uniform values
};

inline constexpr distribution all_distributions[] = {
    distribution::uniform,      distribution::small,          distribution::all_equal,
    distribution::sorted,       distribution::reverse_sorted, distribution::few_unique,
    distribution::float_special};

std::string_view to_string(distribution d);
std::optional<distribution> parse_distribution(std::string_view name);
/// Whether the distribution is defined for the element type (float_special is floats only).
bool applies_to(distribution d, parprim_dtype dtype);

host_array generate(parprim_dtype dtype, distribution d, std::uint64_t n, std::uint64_t seed);
/// Sort payloads: value[i] = i converted to the element type, so a stable sort of equal keys
/// must leave their values in increasing order.
host_array generate_values(parprim_dtype dtype, std::uint64_t n);

}  // namespace parprim
