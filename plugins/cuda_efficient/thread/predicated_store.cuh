// A store into shared memory under a condition, as one predicated instruction. Written as
// `if (c) p[i] = v;`, nvcc branched around each such store (BSSY, BRA and BSYNC, issued whether
// the store is taken or not) in the UTF-8 decoder's packing, even with the value computed
// before the condition: a branch a byte, a body of about 9 instructions (round 28,
// docs/algorithms/utf8_gpu.md). Host and device code alike: the CPU tests take the plain form.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace parprim::cuda_efficient {

/// *p = value where `condition` holds; p points into shared memory.
__host__ __device__ __forceinline__ void store_shared_if(bool condition, std::uint32_t* p,
                                                         std::uint32_t value) {
#if defined(__CUDA_ARCH__)
  // volatile and the memory clobber: the store is kept, in order with the kernel's other
  // accesses to shared memory.
  asm volatile("{ .reg .pred c; setp.ne.u32 c, %0, 0; @c st.shared.u32 [%1], %2; }"
               :
               : "r"(static_cast<std::uint32_t>(condition)),
                 "r"(static_cast<std::uint32_t>(__cvta_generic_to_shared(p))), "r"(value)
               : "memory");
#else
  if (condition) *p = value;
#endif
}

}  // namespace parprim::cuda_efficient
