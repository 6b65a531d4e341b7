// The one mixing function every seeded input is derived with: splitmix64's finaliser, a
// bijection on 64 bits with good avalanche, so (seed, stream, index) -> random bits.
#pragma once

#include <cstdint>

namespace parprim {

constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace parprim
