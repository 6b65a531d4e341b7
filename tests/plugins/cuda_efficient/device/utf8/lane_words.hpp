// The input as the UTF-8 kernels' lanes load it, for the CPU tests of their device code.
#pragma once

#include <cstdint>
#include <vector>

namespace parprim::cuda_efficient::utf8::testing {

/// The 4 bytes at p as a kernel's lane loads them: bytes outside the input read as 0.
inline std::uint32_t word_at(const std::vector<std::uint8_t>& in, std::int64_t p) {
  const auto n = static_cast<std::int64_t>(in.size());
  std::uint32_t w = 0;
  for (int i = 0; i < 4; ++i)
    if (p + i >= 0 && p + i < n) w |= std::uint32_t(in[p + i]) << (8 * i);
  return w;
}

}  // namespace parprim::cuda_efficient::utf8::testing
