// GPU instructions on the bits and bytes of 32-bit words, the funnel shift (on the ALU pipe, or on
// the FMA pipe by two multiplies), prmt, the high word of a product and the lowest set bit, as
// host and device code alike: the UTF-8 kernels build their byte tests and their encoded bytes
// from them, the packed write-out its realigned vectors (realigned_vector.cuh), and
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

/// The high 32 bits of the 64-bit product a * b (IMAD.HI: the FMA pipe, not the ALU pipe).
__host__ __device__ __forceinline__ std::uint32_t high_product(std::uint32_t a, std::uint32_t b) {
#if defined(__CUDA_ARCH__)
  return __umulhi(a, b);
#else
  return static_cast<std::uint32_t>((std::uint64_t(a) * b) >> 32);
#endif
}

/// The multiplier by which funnel_on_fma shifts: 2^(32 - bits).
constexpr std::uint32_t funnel_multiplier(unsigned bits) { return bits == 0 ? 0 : 1u << (32 - bits); }

#if defined(__CUDACC__)
namespace detail {
// funnel_multiplier(s) for every s, in constant memory, where ptxas cannot see the values: a
// product by a power of two it can see, it turns back into a shift on the ALU pipe.
static __constant__ std::uint32_t funnel_multipliers[32] = {
    funnel_multiplier(0), funnel_multiplier(1), funnel_multiplier(2), funnel_multiplier(3),
    funnel_multiplier(4), funnel_multiplier(5), funnel_multiplier(6), funnel_multiplier(7),
    funnel_multiplier(8), funnel_multiplier(9), funnel_multiplier(10), funnel_multiplier(11),
    funnel_multiplier(12), funnel_multiplier(13), funnel_multiplier(14), funnel_multiplier(15),
    funnel_multiplier(16), funnel_multiplier(17), funnel_multiplier(18), funnel_multiplier(19),
    funnel_multiplier(20), funnel_multiplier(21), funnel_multiplier(22), funnel_multiplier(23),
    funnel_multiplier(24), funnel_multiplier(25), funnel_multiplier(26), funnel_multiplier(27),
    funnel_multiplier(28), funnel_multiplier(29), funnel_multiplier(30), funnel_multiplier(31)};
}  // namespace detail
#endif

/// funnel(lo, hi, Bits) on the FMA pipe: lo's bits above Bits are the high word of lo * k and
/// hi's low bits the low word of hi * k (k = 2^(32 - Bits)), and the two do not overlap, so
/// their sum is the shift (an IMAD.HI and an IMAD). The H100 runs a funnel shift on its ALU
/// pipe at half the issue rate; where a kernel is bound by that pipe (the UTF-8 validator,
/// docs/algorithms/utf8_gpu.md round 32), two instructions on the FMA pipe cost less than one
/// there.
template <unsigned Bits>
__host__ __device__ __forceinline__ std::uint32_t funnel_on_fma(std::uint32_t lo, std::uint32_t hi) {
  static_assert(Bits >= 1 && Bits <= 31, "a funnel by 0 is lo itself");
#if defined(__CUDA_ARCH__)
  const std::uint32_t k = detail::funnel_multipliers[Bits];
#else
  constexpr std::uint32_t k = funnel_multiplier(Bits);
#endif
  return high_product(lo, k) + hi * k;
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
