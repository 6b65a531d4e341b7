#include "utf8_inputs.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "conformance_cases.hpp"
#include "parprim/generators.hpp"
#include "parprim/utf8/text.hpp"
#include "parprim/utf8/well_formed.hpp"

namespace parprim::conformance {
namespace {

using bytes = std::vector<std::uint8_t>;

template <class T>
host_array array_of(const std::vector<T>& v) {
  host_array a(dtype_of<T>::value, v.size());
  if (!v.empty()) std::memcpy(a.data(), v.data(), v.size() * sizeof(T));
  return a;
}

// The examples of Unicode's chapter 3 ("U+FFFD Substitution of Maximal Subparts") and of
// shared/UTF8.md, each a case of its own.
const std::vector<bytes> standard_examples = {
    {0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41},
    {0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF, 0xED, 0xAF, 0x41},
    {0xF4, 0x91, 0x92, 0x93, 0xFF, 0x41, 0x80, 0xBF, 0x42},
    {0xE1, 0x80, 0xE2, 0xF0, 0x91, 0x92, 0xF1, 0xBF, 0x41},
    {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64},
    {0xF0, 0x80, 0x80, 0x41},
    {0xE0, 0x80, 0x80},
    {0xC0, 0x80},
    {0xF4, 0x90, 0x80, 0x80},
    {0xF5, 0x80, 0x80, 0x80},
    {0xFE, 0xFF},
    {0xE2, 0x82, 0x41},
    {0xF0, 0x9F, 0x98},
    {0x24, 0xC2, 0xA2, 0xE2, 0x82, 0xAC, 0xF0, 0x90, 0x8D, 0x88},
    {0xEF, 0xBF, 0xBE, 0xEF, 0xB7, 0x90, 0xF4, 0x8F, 0xBF, 0xBF},
    {0xEF, 0xBF, 0xBD}};

// One corruption of each class of utf8/text.hpp.
const std::vector<std::pair<const char*, bytes>> ill_formed_patterns = {
    {"stray continuation", {0x80}},
    {"byte that never appears", {0xC1, 0xFE}},
    {"overlong", {0xE0, 0x80, 0xAF}},
    {"surrogate", {0xED, 0xA0, 0x80}},
    {"above U+10FFFF", {0xF4, 0x90, 0x80, 0x80}},
    {"truncated", {0xF0, 0x9F, 0x98}}};

// Where backends cut their input: vector blocks (16, 32 and the 4 blocks ahead the CPU decoder
// needs), a GPU warp's rows and segments (rows of 512 bytes, the decoder's segments of 1024 and
// the validator's of 2048; rows of 128 bytes until round 18), GPU tiles, cpu_tbb's parts, and
// 2^20.
const std::uint64_t cut_points[] = {16,   32,    64,     128,    512,
                                    1024, 2048,  3072,   4096,   6144,
                                    8192, 65536, 131072, 262144, std::uint64_t(1) << 20};

std::vector<std::uint64_t> utf8_sizes() {
  std::vector<std::uint64_t> s = sizes();
  for (std::uint64_t n : {3, 4, 5, 15, 16, 17, 63, 64, 65, 127, 128, 129, 131071, 131072, 131073})
    s.push_back(n);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  const std::vector<std::uint64_t> all = sizes();
  const std::uint64_t largest = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
  std::erase_if(s, [&](std::uint64_t n) { return n > std::max<std::uint64_t>(largest, 4); });
  return s;
}

std::uint64_t text_seed(std::uint64_t n, distribution d, double errors) {
  return case_seed(n, d, PARPRIM_U8) ^ static_cast<std::uint64_t>(errors * 1e6);
}

// Every text mix at errors 0 and 1e-2 and every size, as bytes (u8) or code points (u32).
void add_text_inputs(std::vector<named_input>& inputs, parprim_dtype dtype) {
  for (const distribution d : text_distributions)
    for (const double errors : {0.0, 1e-2})
      for (const std::uint64_t n : utf8_sizes()) {
        const std::uint64_t seed = text_seed(n, d, errors);
        inputs.push_back({std::string(to_string(d)) + " errors=" + std::to_string(errors) +
                              " n=" + std::to_string(n) + " seed=" + std::to_string(seed),
                          [=] { return generate(dtype, d, n, seed, errors); }});
      }
}

}  // namespace

std::vector<named_input> utf8_decode_inputs() {
  std::vector<named_input> inputs;
  for (std::size_t i = 0; i < standard_examples.size(); ++i)
    inputs.push_back({"standard example " + std::to_string(i + 1),
                      [i] { return array_of(standard_examples[i]); }});
  inputs.push_back({"every 2-byte string, each followed by a space", [] {
                      bytes b;
                      for (unsigned x = 0; x < 256; ++x)
                        for (unsigned y = 0; y < 256; ++y)
                          b.insert(b.end(), {std::uint8_t(x), std::uint8_t(y), 0x20});
                      return array_of(b);
                    }});
  inputs.push_back({"every 1- to 4-byte string over the boundary bytes, each followed by a space",
                    [] {
                      bytes b;
                      const auto& v = utf8::boundary_bytes;
                      for (auto x : v) {
                        b.insert(b.end(), {x, 0x20});
                        for (auto y : v) {
                          b.insert(b.end(), {x, y, 0x20});
                          for (auto z : v) {
                            b.insert(b.end(), {x, y, z, 0x20});
                            for (auto w : v) b.insert(b.end(), {x, y, z, w, 0x20});
                          }
                        }
                      }
                      return array_of(b);
                    }});
  // Each class at each offset -4..+3 around every cut point of one mixed text.
  for (const auto& [what, pattern] : ill_formed_patterns)
    for (int d = -4; d <= 3; ++d) {
      const std::uint64_t seed = case_seed(d + 8, distribution::text_mixed, PARPRIM_U8);
      inputs.push_back({std::string(what) + " at every cut point" + (d < 0 ? " " : " +") +
                            std::to_string(d) + " (mixed text, seed " + std::to_string(seed) + ")",
                        [p = pattern, d, seed] {
                          const std::uint64_t n = (std::uint64_t(1) << 20) + 64;
                          auto text = utf8::generate_text(utf8::text_mix::mixed, n, 0, seed);
                          for (const std::uint64_t cut : cut_points)
                            std::copy(p.begin(), p.end(), text.begin() + std::int64_t(cut) + d);
                          return array_of(text);
                        }});
    }
  inputs.push_back({"a 3-byte sequence cut short at the very end", [] {
                      return array_of(bytes{0x41, 0x42, 0xE2, 0x82});
                    }});
  inputs.push_back({"every scalar value, encoded", [] {
                      bytes b;
                      std::uint8_t buf[4];
                      for (std::uint32_t cp = 0; cp <= utf8::max_scalar; ++cp)
                        if (utf8::is_scalar(cp))
                          b.insert(b.end(), buf, buf + utf8::encode_one(cp, buf));
                      return array_of(b);
                    }});
  add_text_inputs(inputs, PARPRIM_U8);
  return inputs;
}

std::vector<named_input> utf8_encode_inputs() {
  std::vector<named_input> inputs;
  inputs.push_back({"every scalar value, then surrogates and values above U+10FFFF", [] {
                      std::vector<std::uint32_t> v;
                      for (std::uint32_t cp = 0; cp <= 0x10FFFF + 16; ++cp) v.push_back(cp);
                      for (std::uint32_t cp : {0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFEu, 0xFFFFFFFFu})
                        v.push_back(cp);
                      return array_of(v);
                    }});
  inputs.push_back({"every triple of length-boundary code points", [] {
                      const std::uint32_t edges[] = {0,      0x41,   0x7F,     0x80,    0x7FF,
                                                     0x800,  0xD7FF, 0xD800,   0xDFFF,  0xE000,
                                                     0xFDD0, 0xFFFE, 0xFFFF,   0x10000, 0x10FFFF,
                                                     0x110000, 0xFFFFFFFF};
                      std::vector<std::uint32_t> v;
                      for (auto a : edges)
                        for (auto b : edges)
                          for (auto c : edges) v.insert(v.end(), {a, b, c});
                      return array_of(v);
                    }});
  add_text_inputs(inputs, PARPRIM_U32);
  return inputs;
}

}  // namespace parprim::conformance
