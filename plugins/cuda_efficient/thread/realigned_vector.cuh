// A 16-byte vector that starts part-way into a pair of aligned ones, as the packed write-out
// (single_pass/packed_write.cuh) needs it when a tile's elements sit in shared memory from the
// tile's start while its output may begin anywhere within a 16-byte vector: each aligned output
// vector is then the 16 bytes starting `skip` bytes into the two packed vectors it straddles.
// Host and device code alike: tests/plugins/cuda_efficient/thread/test_byte_instructions.cpp
// checks every skip on the CPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "thread/byte_instructions.cuh"

namespace parprim::cuda_efficient {

/// Bytes [skip, skip + 16) of the 32 bytes {a, b} (little-endian words; skip 0-16). The word
/// offset is a switch, not an index, so that the words stay in registers; `skip` is the same in
/// every thread of a block, so the switch does not diverge.
__host__ __device__ __forceinline__ uint4 realigned_vector(const uint4& a, const uint4& b,
                                                           unsigned skip) {
  const unsigned bits = 8 * (skip & 3);
  const auto f = [bits](std::uint32_t lo, std::uint32_t hi) { return funnel(lo, hi, bits); };
  switch (skip >> 2) {
    case 0:
      return make_uint4(f(a.x, a.y), f(a.y, a.z), f(a.z, a.w), f(a.w, b.x));
    case 1:
      return make_uint4(f(a.y, a.z), f(a.z, a.w), f(a.w, b.x), f(b.x, b.y));
    case 2:
      return make_uint4(f(a.z, a.w), f(a.w, b.x), f(b.x, b.y), f(b.y, b.z));
    case 3:
      return make_uint4(f(a.w, b.x), f(b.x, b.y), f(b.y, b.z), f(b.z, b.w));
    default:
      return b;
  }
}

}  // namespace parprim::cuda_efficient
