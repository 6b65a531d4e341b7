// UTF-8 encoding as the course write-up designs it (shared/background/, "Encoder"): one thread
// per code point writes 4 bytes, its UTF-8 bytes after padding in the leading places (U+FFFD's
// bytes for a surrogate or a value above U+10FFFF), then the plugin's compaction (map, naive
// scan, scatter) removes the padding. The pad byte is FF, which UTF-8 never contains (the
// write-up's "0xFFFF" is a 16-bit marker; a byte is what is compacted here).
#pragma once

#include <cstdint>

#include "device/course/map_scan_scatter.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/launch.cuh"
#include "parprim/utf8/well_formed.hpp"

namespace parprim::cuda_naive {

inline constexpr std::uint8_t utf8_pad_byte = 0xFF;

__global__ void pad_to_words(const std::uint32_t* in, std::uint64_t n, std::uint32_t* padded) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride()) {
    const parprim::utf8::encoded e = parprim::utf8::encode_unit(in[i]);
    const unsigned pad_bits = 8 * (4 - e.length);  // 0-24: the leading bytes are padding
    padded[i] = e.bytes << pad_bits | ((1u << pad_bits) - 1);
  }
}

struct not_padding {
  __device__ bool operator()(std::uint8_t b) const { return b != utf8_pad_byte; }
};

/// I holds counts up to 4n (the padded bytes).
template <class I>
class pad_compact_encoder {
 public:
  pad_compact_encoder(std::uint64_t n, unsigned block)
      : n_(n), block_(block), padded_(n), compaction_(scan_variant::shared, 4 * n, block) {}

  void run(const std::uint32_t* in, std::uint8_t* out, std::uint64_t* count,
           cudaStream_t stream) {
    if (n_ != 0) {
      pad_to_words<<<cuda::grid_for(n_, block_), block_, 0, stream>>>(in, n_, padded_.get());
      PARPRIM_CUDA_CHECK_LAUNCH("pad_to_words");
    }
    compaction_.run(reinterpret_cast<const std::uint8_t*>(padded_.get()), out, count,
                    not_padding{}, stream);
  }

 private:
  std::uint64_t n_;
  unsigned block_;
  cuda::device_buffer<std::uint32_t> padded_;  // 4 bytes per code point, written a word each
  map_scan_scatter<std::uint8_t, I> compaction_;
};

}  // namespace parprim::cuda_naive
