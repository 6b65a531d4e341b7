// Instruction counts only (a look for issue 34, README.md beside it): the validator's present
// bytewise test (place_bytes) and the error-class test of class_test.cpp in the same scaffold,
// 16 words a thread. The class tables' words below have the shape of the real ones (16 entries,
// bit 7 set in some), not checked values: class_test.cpp is where the class test is checked.
#include <cstdint>
#include "device/utf8/well_formed_bytes.cuh"
namespace ce = parprim::cuda_efficient::utf8;
using parprim::cuda_efficient::funnel;
using parprim::cuda_efficient::permute_bytes;

// 16-entry byte lookup by the nibbles of sel (nibble k indexes byte k's entry): entries 0-7 in
// lo0/lo1, 8-15 in hi0/hi1 (prmt's sign form reads 0 where an entry's bit 7 is clear, so each
// half reads 0 for the other half's nibbles only if entries have bit 7 clear: not so here, so
// the halves are selected by bit 3 of each nibble).
__device__ __forceinline__ std::uint32_t lookup16(std::uint32_t sel, std::uint32_t lo0,
                                                  std::uint32_t lo1, std::uint32_t hi0,
                                                  std::uint32_t hi1) {
  const std::uint32_t a = permute_bytes(lo0, lo1, sel & 0x7777u);
  const std::uint32_t b = permute_bytes(hi0, hi1, sel & 0x7777u);
  const std::uint32_t upper = permute_bytes(0x00000000u, 0xFFFFFFFFu, ((sel >> 3) & 0x1111u) * 4);
  return (a & ~upper) | (b & upper);
}
__device__ __forceinline__ std::uint32_t raw_high_selector(std::uint32_t x) {
  const std::uint32_t t = (x >> 4) & 0x0F0F0F0Fu;
  return permute_bytes(t | (t >> 4), 0, 0x2020);
}
__device__ __forceinline__ std::uint32_t flagged(std::uint32_t before, std::uint32_t word,
                                                 std::uint32_t before_sel, std::uint32_t word_sel) {
  const std::uint32_t b1 = funnel(before, word, 24), b2 = funnel(before, word, 16),
                      b3 = funnel(before, word, 8);
  const std::uint32_t t1 = lookup16(funnel(before_sel, word_sel, 28), 0x02020202u, 0x02020202u,
                                    0x80808080u, 0x49751121u);
  const std::uint32_t t2 = lookup16(ce::low_nibbles(b1), 0x83A7E7E7u, 0x4F4B4B4Bu, 0x4B4B4B4Bu,
                                    0x4B5B4B4Bu);
  const std::uint32_t t3 = lookup16(word_sel, 0x01010101u, 0x01010101u, 0xBAAE7BE6u, 0x01010101u);
  const std::uint32_t must23 = ce::bytewise::at_least_high(b2, 0x60) | ce::bytewise::at_least_high(b3, 0x70);
  return (t1 & t2 & t3) ^ must23;
}
__global__ void old_test(const uint4* in, std::uint32_t* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  std::uint32_t w[17];
  w[0] = in[4 * i].x - 1;
  for (int r = 0; r < 4; ++r) { uint4 v = in[4 * i + r]; w[4*r+1] = v.x; w[4*r+2] = v.y; w[4*r+3] = v.z; w[4*r+4] = v.w; }
  std::uint32_t acc = 0, prev_high = ce::high_selector(w[0]);
#pragma unroll
  for (int k = 1; k < 17; ++k) {
    const std::uint32_t h = ce::high_selector(w[k]);
    acc |= ce::place_bytes(w[k - 1], w[k], prev_high, h).misplaced();
    prev_high = h;
  }
  out[i] = acc;
}
__global__ void new_test(const uint4* in, std::uint32_t* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  std::uint32_t w[17];
  w[0] = in[4 * i].x - 1;
  for (int r = 0; r < 4; ++r) { uint4 v = in[4 * i + r]; w[4*r+1] = v.x; w[4*r+2] = v.y; w[4*r+3] = v.z; w[4*r+4] = v.w; }
  std::uint32_t acc = 0, prev_sel = raw_high_selector(w[0]);
#pragma unroll
  for (int k = 1; k < 17; ++k) {
    const std::uint32_t s = raw_high_selector(w[k]);
    acc |= flagged(w[k - 1], w[k], prev_sel, s);
    prev_sel = s;
  }
  out[i] = acc;
}
__global__ void scaffold(const uint4* in, std::uint32_t* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  std::uint32_t w[17];
  w[0] = in[4 * i].x - 1;
  for (int r = 0; r < 4; ++r) { uint4 v = in[4 * i + r]; w[4*r+1] = v.x; w[4*r+2] = v.y; w[4*r+3] = v.z; w[4*r+4] = v.w; }
  std::uint32_t acc = 0;
#pragma unroll
  for (int k = 1; k < 17; ++k) acc |= w[k] ^ w[k - 1];
  out[i] = acc;
}
