// UTF-8 decoding as the course write-up designs it (shared/background/, "UTF-8 encoding"),
// literally, with its error-handling paragraph made exact (maximal subparts, issue 34):
//  1. map each byte to its offset from the byte before it in a layout of 4 bytes per character:
//     a byte that starts a unit of L bytes maps to 5 - L (4 for ASCII, 3 for a 2-byte lead...),
//     every other byte to 1, so that each unit ends on the last byte of its 4-byte group. A unit
//     is a well-formed sequence or a maximal subpart (one U+FFFD): the write-up's "+4 for an
//     invalid byte" made exact, since a subpart of 2 or 3 bytes is one replacement, not several;
//  2. an inclusive scan of the offsets (the plugin's own naive scan): each byte's position in
//     the expanded array, plus one;
//  3. zero the expanded array (4n bytes, enough for n units) and scatter each byte there;
//  4. one thread per group decodes its 4 bytes with the branch-free decoder (unit_of): a unit's
//     bytes are the group's bytes after its leading zeros (every byte of a unit but an ASCII NUL
//     is nonzero, and a NUL fills its group with zeros), and decoding them alone gives the
//     unit's code point, since a byte of 0 after them continues nothing, as the input's next
//     byte did not.
// The count is the scan's last value over 4.
//
// The validate form follows the same paragraph: a flag per byte where a replaced subpart
// starts, scanned; the count is the scan's last value and the first offset the byte whose flag
// is set and whose scan is 1 (one byte at most: no racing stores), n where none is.
#pragma once

#include <cstdint>

#include "device/course/naive_scan.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/launch.cuh"
#include "parprim/utf8/well_formed.hpp"

namespace parprim::cuda_naive {

template <class I>
__global__ void map_to_expanded_offsets(const std::uint8_t* in, std::uint64_t n, I* offsets) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    offsets[i] = parprim::utf8::is_unit_start(in, i)
                     ? I(5 - parprim::utf8::unit_at(in, n, i).length)
                     : I(1);
}

template <class I>
__global__ void scatter_to_groups(const std::uint8_t* in, const I* scanned, std::uint64_t n,
                                  std::uint8_t* expanded) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    expanded[scanned[i] - 1] = in[i];
}

/// One thread per group, up to the groups the scan made (scanned[n-1] / 4 of them).
template <class I>
__global__ void decode_groups(const std::uint32_t* groups, const I* total, std::uint32_t* out,
                              std::uint64_t* count) {
  const std::uint64_t units = static_cast<std::uint64_t>(*total) / 4;
  if (cuda::global_index() == 0) *count = units;
  for (std::uint64_t g = cuda::global_index(); g < units; g += cuda::grid_stride()) {
    const std::uint32_t w = groups[g];  // byte 0 of the group is the word's low byte
    const unsigned zeros = w == 0 ? 3 : (__ffs(w) - 1) / 8;  // a NUL: its group is all zeros
    const std::uint32_t unit = w >> (8 * zeros);
    const std::uint32_t b0 = unit & 0xFF;
    out[g] = parprim::utf8::unit_of(parprim::utf8::lead_of(static_cast<std::uint8_t>(b0)), b0,
                                    (unit >> 8) & 0xFF, (unit >> 16) & 0xFF, unit >> 24)
                 .code_point;
  }
}

template <class I>
__global__ void flag_replaced(const std::uint8_t* in, std::uint64_t n, I* flags) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    flags[i] = parprim::utf8::is_unit_start(in, i) && !parprim::utf8::unit_at(in, n, i).complete;
}

template <class I>
__global__ void first_replaced(const I* flags, const I* scanned, std::uint64_t n,
                               std::uint64_t* count, std::uint64_t* first) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride()) {
    if (flags[i] && scanned[i] == 1) *first = i;
    if (i == n - 1) {
      *count = scanned[i];
      if (scanned[i] == 0) *first = n;
    }
  }
}

/// I holds sums up to 4n (the expanded positions). n > 0 (the plan answers n = 0 itself).
template <class I>
class expand_decoder {
 public:
  expand_decoder(std::uint64_t n, bool validate, unsigned block)
      : n_(n),
        block_(block),
        mapped_(n),
        scanned_(n),
        expanded_(validate ? 0 : n),
        scanner_(scan_variant::shared, n, block) {}

  void decode(const std::uint8_t* in, std::uint32_t* out, std::uint64_t* count,
              cudaStream_t stream) {
    const unsigned blocks = cuda::grid_for(n_, block_);
    map_to_expanded_offsets<<<blocks, block_, 0, stream>>>(in, n_, mapped_.get());
    PARPRIM_CUDA_CHECK_LAUNCH("map_to_expanded_offsets");
    scanner_.scan(mapped_.get(), scanned_.get(), n_, true, stream);
    auto* expanded = reinterpret_cast<std::uint8_t*>(expanded_.get());
    PARPRIM_CUDA_CHECK(cudaMemsetAsync(expanded, 0, 4 * n_, stream));
    scatter_to_groups<<<blocks, block_, 0, stream>>>(in, scanned_.get(), n_, expanded);
    PARPRIM_CUDA_CHECK_LAUNCH("scatter_to_groups");
    decode_groups<<<blocks, block_, 0, stream>>>(expanded_.get(), scanned_.get() + n_ - 1, out,
                                                 count);
    PARPRIM_CUDA_CHECK_LAUNCH("decode_groups");
  }

  void validate(const std::uint8_t* in, std::uint64_t* count, std::uint64_t* first,
                cudaStream_t stream) {
    const unsigned blocks = cuda::grid_for(n_, block_);
    flag_replaced<<<blocks, block_, 0, stream>>>(in, n_, mapped_.get());
    PARPRIM_CUDA_CHECK_LAUNCH("flag_replaced");
    scanner_.scan(mapped_.get(), scanned_.get(), n_, true, stream);
    first_replaced<<<blocks, block_, 0, stream>>>(mapped_.get(), scanned_.get(), n_, count,
                                                  first);
    PARPRIM_CUDA_CHECK_LAUNCH("first_replaced");
  }

 private:
  std::uint64_t n_;
  unsigned block_;
  cuda::device_buffer<I> mapped_, scanned_;  // decode: offsets; validate: flags
  cuda::device_buffer<std::uint32_t> expanded_;  // n groups of 4 bytes, read a group a word
  naive_scanner<I> scanner_;
};

}  // namespace parprim::cuda_naive
