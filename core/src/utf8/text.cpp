#include "parprim/utf8/text.hpp"

#include <algorithm>

#include "parprim/seed_mix.hpp"
#include "parprim/utf8/well_formed.hpp"

namespace parprim::utf8 {
namespace {

constexpr std::uint64_t chunk_bytes = 4096;        // text: made chunk by chunk
constexpr std::uint64_t chunk_code_points = 1024;  // code points, likewise

// One chunk's generator: its state a function of the seed, the chunk's index and the input's
// kind only, so that chunks can be made in any order, on any thread.
class chunk_random {
 public:
  chunk_random(std::uint64_t seed, std::uint64_t chunk, std::uint64_t kind)
      : state_(mix64(seed ^ mix64(chunk + 1) ^ mix64(kind + 0x5554463800ull))) {}
  std::uint64_t next() { return mix64(state_ += 0x9E3779B97F4A7C15ull); }
  std::uint32_t below(std::uint32_t k) { return static_cast<std::uint32_t>(next() % k); }
  double unit() { return double(next() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return p > 0 && unit() < p; }

 private:
  std::uint64_t state_;
};

unsigned pick_length(text_mix m, chunk_random& r) {
  const auto shares = length_shares(m);
  unsigned x = r.below(100);
  for (unsigned length = 1; length <= 4; ++length) {
    if (x < shares[length - 1]) return length;
    x -= shares[length - 1];
  }
  return 1;
}

struct block {
  std::uint32_t first, count;
};

// The code points a text of the mix draws its characters of each length from: the scripts the
// shares were measured on.
std::uint32_t pick_code_point(text_mix m, unsigned length, chunk_random& r) {
  auto from = [&](block b) { return b.first + r.below(b.count); };
  switch (length) {
    case 1:  // printable ASCII, a line break now and then
      return r.below(64) == 0 ? 0x0A : from({0x20, 0x5F});
    case 2:
      if (m == text_mix::cyrillic) return from({0x0410, 0x40});
      if (m == text_mix::arabic) return from({0x0621, 0x2A});
      if (m == text_mix::mixed) {
        const block scripts[] = {{0x00C0, 0x40}, {0x0391, 0x39}, {0x0410, 0x40}, {0x05D0, 0x1B}};
        return from(scripts[r.below(4)]);
      }
      return from({0x00C0, 0x40});  // Latin-1's accented letters
    case 3:                         // CJK ideographs, kana now and then
      return r.below(4) == 0 ? from({0x3041, 0xBE}) : from({0x4E00, 0x5200});
    default:  // pictographs and emoji
      return from({0x1F300, 0x800});
  }
}

void append_encoded(std::uint32_t cp, std::vector<std::uint8_t>& out) {
  std::uint8_t bytes[4];
  out.insert(out.end(), bytes, bytes + encode_one(cp, bytes));
}

std::uint8_t continuation(chunk_random& r) {
  return static_cast<std::uint8_t>(0x80 + r.below(64));
}

// One corruption of the class, in place of a character.
void append_corruption(ill_formed c, chunk_random& r, std::vector<std::uint8_t>& out) {
  switch (c) {
    case ill_formed::stray_continuation:
      out.push_back(continuation(r));
      break;
    case ill_formed::never_appears: {
      const std::uint8_t never[] = {0xC0, 0xC1, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9,
                                    0xFA, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF};
      out.push_back(never[r.below(sizeof never)]);
      break;
    }
    case ill_formed::overlong:
      switch (r.below(3)) {
        case 0:
          out.push_back(static_cast<std::uint8_t>(0xC0 + r.below(2)));
          out.push_back(continuation(r));
          break;
        case 1:
          out.push_back(0xE0);
          out.push_back(static_cast<std::uint8_t>(0x80 + r.below(32)));
          out.push_back(continuation(r));
          break;
        default:
          out.push_back(0xF0);
          out.push_back(static_cast<std::uint8_t>(0x80 + r.below(16)));
          out.push_back(continuation(r));
          out.push_back(continuation(r));
      }
      break;
    case ill_formed::surrogate:
      out.push_back(0xED);
      out.push_back(static_cast<std::uint8_t>(0xA0 + r.below(32)));
      out.push_back(continuation(r));
      break;
    case ill_formed::above_max:
      out.push_back(0xF4);
      out.push_back(static_cast<std::uint8_t>(0x90 + r.below(48)));
      out.push_back(continuation(r));
      out.push_back(continuation(r));
      break;
    case ill_formed::truncated: {
      // A valid lead with fewer continuation bytes than it needs, then an ASCII letter, which
      // no later corruption could complete into a well-formed sequence.
      const unsigned length = 2 + r.below(3);
      const std::uint8_t lead = length == 2   ? static_cast<std::uint8_t>(0xC2 + r.below(30))
                                : length == 3 ? static_cast<std::uint8_t>(0xE1 + r.below(12))
                                              : static_cast<std::uint8_t>(0xF1 + r.below(3));
      out.push_back(lead);
      const unsigned given = r.below(length - 1);  // 0 .. length - 2 continuation bytes
      for (unsigned k = 0; k < given; ++k) out.push_back(continuation(r));
      out.push_back(static_cast<std::uint8_t>('a' + r.below(26)));
      break;
    }
  }
}

constexpr std::uint64_t kind_of(text_mix m, double error_rate, bool code_points) {
  return (std::uint64_t(m) << 1 | (code_points ? 1 : 0)) ^
         (std::uint64_t(error_rate * double(1ull << 52)) << 8);
}

}  // namespace

std::string_view to_string(text_mix m) {
  switch (m) {
    case text_mix::ascii:
      return "ascii";
    case text_mix::latin:
      return "latin";
    case text_mix::cyrillic:
      return "cyrillic";
    case text_mix::arabic:
      return "arabic";
    case text_mix::cjk:
      return "cjk";
    case text_mix::emoji:
      return "emoji";
    case text_mix::mixed:
      return "mixed";
  }
  return "?";
}

std::optional<text_mix> parse_text_mix(std::string_view name) {
  for (const text_mix m : all_text_mixes)
    if (to_string(m) == name) return m;
  return std::nullopt;
}

std::array<unsigned, 4> length_shares(text_mix m) {
  switch (m) {
    case text_mix::ascii:
      return {100, 0, 0, 0};
    case text_mix::latin:
      return {96, 4, 0, 0};
    case text_mix::cyrillic:
      return {19, 81, 0, 0};
    case text_mix::arabic:
      return {22, 78, 0, 0};
    case text_mix::cjk:
      return {5, 0, 95, 0};
    case text_mix::emoji:
      return {0, 0, 0, 100};
    case text_mix::mixed:
      return {25, 25, 25, 25};
  }
  return {100, 0, 0, 0};
}

std::vector<std::uint8_t> generate_text(text_mix m, std::uint64_t n, double error_rate,
                                        std::uint64_t seed) {
  std::vector<std::uint8_t> text;
  text.reserve(n);
  std::vector<std::uint8_t> unit;
  for (std::uint64_t chunk = 0; chunk * chunk_bytes < n; ++chunk) {
    chunk_random r(seed, chunk, kind_of(m, error_rate, false));
    const std::uint64_t end = std::min(n, (chunk + 1) * chunk_bytes);
    // The last chunk of a corrupted input keeps 2 bytes for a sequence cut short by the end.
    const bool cut_at_end = end == n && error_rate > 0 && n - chunk * chunk_bytes >= 2;
    const std::uint64_t fill_to = cut_at_end ? end - 2 : end;
    while (text.size() < fill_to) {
      unit.clear();
      if (r.chance(error_rate))
        append_corruption(static_cast<ill_formed>(r.below(ill_formed_classes)), r, unit);
      else
        append_encoded(pick_code_point(m, pick_length(m, r), r), unit);
      if (text.size() + unit.size() > fill_to) break;
      text.insert(text.end(), unit.begin(), unit.end());
    }
    while (text.size() < fill_to) text.push_back(static_cast<std::uint8_t>('a' + r.below(26)));
    if (cut_at_end) {  // the first two bytes of a 4-byte character, and then the input ends
      text.push_back(static_cast<std::uint8_t>(0xF0 + r.below(4)));
      text.push_back(static_cast<std::uint8_t>(0x90 + r.below(0x10)));
    }
  }
  return text;
}

std::vector<std::uint32_t> generate_code_points(text_mix m, std::uint64_t n, double error_rate,
                                                std::uint64_t seed) {
  std::vector<std::uint32_t> cps(n);
  for (std::uint64_t chunk = 0; chunk * chunk_code_points < n; ++chunk) {
    chunk_random r(seed, chunk, kind_of(m, error_rate, true));
    const std::uint64_t end = std::min(n, (chunk + 1) * chunk_code_points);
    for (std::uint64_t i = chunk * chunk_code_points; i < end; ++i) {
      if (r.chance(error_rate))
        cps[i] = r.below(2) ? 0xD800 + r.below(0x800)
                            : max_scalar + 1 + r.below(0xFFFFFFFFu - max_scalar);
      else
        cps[i] = pick_code_point(m, pick_length(m, r), r);
    }
  }
  return cps;
}

}  // namespace parprim::utf8
