// GPU instructions on the bits and bytes of 32-bit words, the funnel shift, prmt and the lowest
// set bit, as host and device code alike: the UTF-8 kernels build their byte tests and their
// encoded bytes from them, the packed write-out its realigned vectors (realigned_vector.cuh), and
// tests/plugins/cuda_efficient checks those on the CPU (CI has no GPU).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace parprim::cuda_efficient {

/// Bytes [lo, hi) of a 64-bit little-endian pair shifted right by `bits` (0-31), as the GPU's
/// funnel shift does in one instruction.
__host__ __device__ __forceinline__ std::uint32_t funnel(std::uint32_t lo, std::uint32_t hi,
                                                         unsigned bits) {
#if defined(__CUDA_ARCH__)
  return __funnelshift_r(lo, hi, bits);
#else
  return static_cast<std::uint32_t>(((std::uint64_t(hi) << 32) | lo) >> bits);
#endif
}

/// PTX's prmt in its generic form: byte k of the result is byte (s_k & 7) of the pair {a, b},
/// s_k the selector's nibble k, or that byte's top bit copied into all 8 where s_k's bit 3 is
/// set. CUDA's __byte_perm documents only the low 3 bits of each nibble, hence the asm.
__host__ __device__ __forceinline__ std::uint32_t permute_bytes(std::uint32_t a, std::uint32_t b,
                                                                std::uint32_t s) {
#if defined(__CUDA_ARCH__)
  std::uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(s));
  return d;
#else
  const std::uint64_t pair = (std::uint64_t(b) << 32) | a;
  std::uint32_t d = 0;
  for (int k = 0; k < 4; ++k) {
    const unsigned s_k = (s >> (4 * k)) & 0xF;
    std::uint32_t byte = (pair >> (8 * (s_k & 7))) & 0xFF;
    if (s_k & 8) byte = (byte & 0x80) ? 0xFF : 0;
    d |= byte << (8 * k);
  }
  return d;
#endif
}

/// The index of x's lowest set bit (x != 0), as __ffs(x) - 1 on the GPU.
__host__ __device__ __forceinline__ int lowest_set_bit(std::uint32_t x) {
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}

}  // namespace parprim::cuda_efficient
