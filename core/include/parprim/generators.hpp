// Input generators. Every element is a pure function of (seed, index), so a seed reproduces an
// input exactly on any machine, and generation can be split across threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parprim/host_array.hpp"
#include "parprim/utf8/text.hpp"

namespace parprim {

enum class distribution {
  uniform,         // integers: every bit pattern equally likely; floats: uniform in [-1, 1)
  small,           // uniform over {0, 1, 2, 3}: the classic compaction input, ~25% zeros
  all_equal,       // one value repeated
  sorted,          // ascending, spread over the type's range (repeats when n exceeds it)
  reverse_sorted,  // descending
  few_unique,      // 16 distinct values
  float_special,   // floats only: ±0, ±inf, ±NaN and ±denormals mixed into uniform values
  // The UTF-8 operations' inputs (utf8/text.hpp): text of one mix of character lengths, as
  // bytes (utf8_decode) or code points (utf8_encode), named as the mix ("ascii", "cjk", ...).
  text_ascii,
  text_latin,
  text_cyrillic,
  text_arabic,
  text_cjk,
  text_emoji,
  text_mixed,
  // Integers: every bit pattern of the type's values >= 0 equally likely (signed types: the sign
  // bit clear); floats: uniform in [0, 1). The input of a sort that declares non-negative keys
  // only (the course's radix sort, key_domain.hpp). Last, so the others keep their seeds.
  nonnegative
};

/// The distributions of scan, compact and sort inputs.
inline constexpr distribution all_distributions[] = {
    distribution::uniform,      distribution::small,          distribution::all_equal,
    distribution::sorted,       distribution::reverse_sorted, distribution::few_unique,
    distribution::float_special, distribution::nonnegative};
/// The text distributions, one per utf8::text_mix and in its order.
inline constexpr distribution text_distributions[] = {
    distribution::text_ascii, distribution::text_latin, distribution::text_cyrillic,
    distribution::text_arabic, distribution::text_cjk,  distribution::text_emoji,
    distribution::text_mixed};

std::string_view to_string(distribution d);
std::optional<distribution> parse_distribution(std::string_view name);
/// The mix of a text distribution; nothing for the others.
std::optional<utf8::text_mix> text_mix_of(distribution d);
/// Whether the distribution is defined for the element type: float_special for floats only,
/// text for the UTF-8 operations' inputs (u8 bytes, u32 code points) only, the others for the
/// element types of scan, compact and sort.
bool applies_to(distribution d, parprim_dtype dtype);

/// n elements of `dtype` drawn from `d`. error_rate: for text, the share of characters replaced
/// by an ill-formed sequence (bytes) or a value that is no scalar value (code points); it must
/// be 0 for the other distributions.
host_array generate(parprim_dtype dtype, distribution d, std::uint64_t n, std::uint64_t seed,
                    double error_rate = 0);
/// Sort payloads: value[i] = i converted to the element type, so a stable sort of equal keys
/// must leave their values in increasing order.
host_array generate_values(parprim_dtype dtype, std::uint64_t n);

}  // namespace parprim
