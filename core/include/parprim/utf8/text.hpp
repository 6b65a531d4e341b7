// Text inputs for the UTF-8 operations: mixes of 1-, 2-, 3- and 4-byte characters measured from
// real text (the lipsum corpora's shares, ../docs/semantics.md), with an error rate at which a
// character is replaced by a corruption drawn from every ill-formed class. Seeded like every
// other input: a (mix, size, error rate, seed) gives the same bytes on any machine, and the
// input is made in independent 4 KiB chunks (each a function of the seed and its index), so that
// generation can be split across threads.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace parprim::utf8 {

enum class text_mix {
  ascii,     // 100% 1-byte
  latin,     // mostly ASCII with accented letters (French-like: 96% 1-byte, 4% 2-byte)
  cyrillic,  // Russian: 19% 1-byte (spaces, punctuation), 81% 2-byte
  arabic,    // Arabic, Hebrew: 22% 1-byte, 78% 2-byte
  cjk,       // Chinese, Japanese: 5% 1-byte, 95% 3-byte
  emoji,     // 100% 4-byte
  mixed      // a quarter of each length
};

inline constexpr text_mix all_text_mixes[] = {text_mix::ascii,  text_mix::latin, text_mix::cyrillic,
                                              text_mix::arabic, text_mix::cjk,   text_mix::emoji,
                                              text_mix::mixed};

std::string_view to_string(text_mix m);
std::optional<text_mix> parse_text_mix(std::string_view name);

/// Percent of characters of each encoded length (1, 2, 3, 4 bytes) in a mix.
std::array<unsigned, 4> length_shares(text_mix m);

/// What a corruption is: one of these in place of a character, drawn uniformly. The last chunk
/// of an input with a nonzero error rate also ends in a sequence cut short (truncated_at_end).
enum class ill_formed {
  stray_continuation,  // 80-BF where a character should start
  never_appears,       // C0, C1 or F5-FF
  overlong,            // C0/C1 xx, E0 80-9F xx, F0 80-8F xx xx
  surrogate,           // ED A0-BF xx: U+D800-DFFF
  above_max,           // F4 90-BF xx xx: above U+10FFFF
  truncated            // a lead and fewer continuation bytes than it needs, then a character
};
inline constexpr int ill_formed_classes = 6;

/// n bytes of text (the last character padded with ASCII where a whole one would not fit).
/// error_rate: the probability that a character is replaced by a corruption (0 to 1).
std::vector<std::uint8_t> generate_text(text_mix m, std::uint64_t n, double error_rate,
                                        std::uint64_t seed);

/// n code points of the same mix, for the encoder; at error_rate one is replaced by a surrogate
/// (D800-DFFF) or a value above 10FFFF, half each.
std::vector<std::uint32_t> generate_code_points(text_mix m, std::uint64_t n, double error_rate,
                                                std::uint64_t seed);

}  // namespace parprim::utf8
