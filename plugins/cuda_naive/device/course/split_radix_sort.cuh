// The course's radix sort: one bit per pass, each pass a split. For bit b, e[i] = 1 where the
// bit is 0; f = exclusive scan of e; keys with the bit 0 go to f[i], keys with the bit 1 to
// i - f[i] + (number of zeros), which keeps both groups in order: stable. Signed and float keys
// are sorted by their order-preserving radix key (parprim/radix_key.hpp); descending sorts the
// complemented key.
#pragma once

#include <cstdint>

#include "device/course/naive_scan.cuh"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/host/ping_pong.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::cuda_naive {

template <class T, class I>
__global__ void zero_bit_flags(const T* keys, I* flags, std::uint64_t n, unsigned bit,
                               bool descending) {
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride())
    flags[i] = ((to_radix_key(keys[i], descending) >> bit) & 1) ? I(0) : I(1);
}

template <class T, class I>
__global__ void split_scatter(const T* keys, const T* values, const I* flags, const I* zeros_before,
                              T* keys_out, T* values_out, std::uint64_t n) {
  const std::uint64_t zeros = static_cast<std::uint64_t>(zeros_before[n - 1]) + flags[n - 1];
  for (std::uint64_t i = cuda::global_index(); i < n; i += cuda::grid_stride()) {
    const std::uint64_t z = zeros_before[i];
    const std::uint64_t to = flags[i] ? z : i - z + zeros;
    keys_out[to] = keys[i];
    if (values) values_out[to] = values[i];
  }
}

template <class T, class I>
class split_radix_sort {
 public:
  split_radix_sort(std::uint64_t n, bool pairs, unsigned block)
      : n_(n),
        pairs_(pairs),
        block_(block),
        key_scratch_(n),
        value_scratch_(pairs ? n : 0),
        flags_(n),
        zeros_before_(n),
        scanner_(scan_variant::shared, n, block) {}

  void run(const T* keys_in, T* keys_out, const T* values_in, T* values_out, bool descending,
           cudaStream_t stream) {
    if (n_ == 0) return;
    constexpr unsigned bits = sizeof(T) * 8;
    const unsigned blocks = cuda::grid_for(n_, block_);
    for (unsigned b = 0; b < bits; ++b) {
      const auto keys = host::pass_buffers<T>(b, bits, keys_in, keys_out, key_scratch_.get());
      const auto values =
          host::pass_buffers<T>(b, bits, values_in, values_out, value_scratch_.get());
      zero_bit_flags<<<blocks, block_, 0, stream>>>(keys.source, flags_.get(), n_, b, descending);
      PARPRIM_CUDA_CHECK_LAUNCH("zero_bit_flags");
      scanner_.scan(flags_.get(), zeros_before_.get(), n_, false, stream);
      split_scatter<<<blocks, block_, 0, stream>>>(keys.source, pairs_ ? values.source : nullptr,
                                                   flags_.get(), zeros_before_.get(),
                                                   keys.destination, values.destination, n_);
      PARPRIM_CUDA_CHECK_LAUNCH("split_scatter");
    }
  }

 private:
  std::uint64_t n_;
  bool pairs_;  // from the problem, never from whether values_in is null
  unsigned block_;
  cuda::device_buffer<T> key_scratch_, value_scratch_;
  cuda::device_buffer<I> flags_, zeros_before_;
  naive_scanner<I> scanner_;
};

}  // namespace parprim::cuda_naive
