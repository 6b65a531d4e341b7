// The CPU plugins' shared backend (core/include/parprim/host_backend.hpp): the read-only
// baseline's OR of the bytes sees every byte, at sizes around its 32-byte step.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "parprim/host_backend.hpp"

TEST_CASE("host backend: or_of_bytes reads every byte, the step's edges and the tail included") {
  for (const std::uint64_t n : {0ull, 1ull, 31ull, 32ull, 33ull, 63ull, 64ull, 65ull, 1000ull}) {
    std::vector<unsigned char> bytes(n + 1, 0);
    CHECK(parprim::or_of_bytes(bytes.data(), n) == 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      CAPTURE(n, i);
      bytes[i] = 0x40;
      const std::uint64_t got = parprim::or_of_bytes(bytes.data(), n);
      // Byte i lands in one of the words' bytes, which one depending on its lane.
      CHECK(got != 0);
      CHECK((got & ~0x4040404040404040ull) == 0);
      bytes[i] = 0;
    }
    bytes[n] = 0xFF;  // the byte past the end is not read
    CHECK(parprim::or_of_bytes(bytes.data(), n) == 0);
  }
}
