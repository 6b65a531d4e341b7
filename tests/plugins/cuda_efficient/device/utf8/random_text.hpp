// Random UTF-8 text for the CPU tests of the UTF-8 kernels' device code: characters of every
// length (the first of each range now and then), with ill-formed bytes among them at a rate
// drawn a string, so that words of well-formed text lie next to words holding an error at every
// offset.
#pragma once

#include <cstdint>
#include <iterator>
#include <random>
#include <vector>

#include "parprim/utf8/well_formed.hpp"

namespace parprim::cuda_efficient::utf8::testing {

/// About `length` bytes (the last character may run past it): no corruption, a boundary byte
/// every 40 characters or so, or every 6, a third of the strings each.
inline std::vector<std::uint8_t> random_text(std::mt19937_64& rng, std::size_t length) {
  constexpr std::uint32_t firsts[] = {0x41,   0x80,   0x7FF,   0x800,   0xD7FF,
                                      0xE000, 0xFFFD, 0x10000, 0x10FFFF};
  std::vector<std::uint8_t> in;
  const unsigned corruption = rng() % 3;  // none, rare, frequent
  while (in.size() < length) {
    if (corruption != 0 && rng() % (corruption == 1 ? 40 : 6) == 0) {
      in.push_back(parprim::utf8::boundary_bytes[rng() % std::size(parprim::utf8::boundary_bytes)]);
      continue;
    }
    std::uint32_t cp = rng() % 2 ? firsts[rng() % std::size(firsts)] : rng() % 0x110000;
    if (!parprim::utf8::is_scalar(cp)) cp = 0x20AC;
    std::uint8_t bytes[4];
    const unsigned k = parprim::utf8::encode_one(cp, bytes);
    in.insert(in.end(), bytes, bytes + k);
  }
  return in;
}

}  // namespace parprim::cuda_efficient::utf8::testing
