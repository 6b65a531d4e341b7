// Sort `onesweep`: the LSD radix sort with 8-bit digits in one up-front counting pass
// (onesweep_histogram.cuh) and then one pass per digit (onesweep_pass.cuh), each reading and
// writing every key once. Stable; signed and float keys go by their order-preserving radix key,
// descending by its complement (parprim/radix_key.hpp), as in the course's `radix`.
//
// A run is 2 + (bytes per key) launches for n up to onesweep_portion keys; beyond, each digit
// place takes one launch per portion, each portion's last tile passing the digits' starts on to
// the next.
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>

#include "device/onesweep/onesweep_histogram.cuh"
#include "device/onesweep/onesweep_pass.cuh"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/launch.cuh"
#include "parprim/host/ping_pong.hpp"
#include "shapes/lookback_shape.hpp"
#include "shapes/onesweep_shape.hpp"

namespace parprim::cuda_efficient {

template <class T>
class onesweep_sort {
  static constexpr int places = sizeof(T);  // 8-bit digits

 public:
  onesweep_sort(std::uint64_t n, bool pairs, lookback_shape shape)
      : n_(n),
        pairs_(pairs),
        shape_(shape),
        portion_tiles_(static_cast<std::uint32_t>(std::max<std::uint64_t>(
            1, cuda::tiles_for(std::min(n, onesweep_portion), std::uint64_t(shape_.tile()))))),
        portions_(cuda::tiles_for(n, std::uint64_t(portion_tiles_) * std::uint64_t(shape_.tile()))),
        slice_words_(std::uint64_t(portion_tiles_) * onesweep_radix + 1),
        key_scratch_(n),
        value_scratch_(pairs ? n : 0),
        counts_(places * onesweep_radix),
        starts_(places * (portions_ + 1) * onesweep_radix),
        states_(places * slice_words_) {
    // The counts start at zero; the digit-starts kernel zeroes them again after each run. On the
    // legacy default stream, ordered before any run on another stream.
    PARPRIM_CUDA_CHECK(
        cudaMemsetAsync(counts_.get(), 0, counts_.size() * sizeof(std::uint64_t), nullptr));
    PARPRIM_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    int device = 0, sms = 0;
    PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
    PARPRIM_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    histogram_blocks_ = static_cast<unsigned>(
        std::min<std::uint64_t>(2ull * sms, cuda::tiles_for(n, onesweep_histogram_threads * 8)));
    if (histogram_blocks_ == 0) histogram_blocks_ = 1;
    with_pass(pairs_, [&]<int Items, bool Pairs>() {
      cuda::reserve_dynamic_shared(reinterpret_cast<const void*>(&onesweep_pass<T, Items, Pairs>),
                                   pass_shared(), shape_.describe());
    });
  }

  void run(const T* keys_in, T* keys_out, const T* values_in, T* values_out, bool descending,
           cudaStream_t stream) {
    if (n_ == 0) return;
    // The histogram kernel zeroes every place's states and tile counter as it counts.
    onesweep_histogram<T, places><<<histogram_blocks_, onesweep_histogram_threads, 0, stream>>>(
        keys_in, n_, counts_.get(), descending, states_.get(), states_.size());
    PARPRIM_CUDA_CHECK_LAUNCH("onesweep_histogram");
    const std::uint64_t stride = (portions_ + 1) * onesweep_radix;
    onesweep_digit_starts<<<places, onesweep_radix, 0, stream>>>(counts_.get(), starts_.get(),
                                                                 stride);
    PARPRIM_CUDA_CHECK_LAUNCH("onesweep_digit_starts");
    for (int place = 0; place < places; ++place) {
      const auto keys = host::pass_buffers<T>(place, places, keys_in, keys_out, key_scratch_.get());
      const auto values =
          host::pass_buffers<T>(place, places, values_in, values_out, value_scratch_.get());
      std::uint32_t* slice = states_.get() + place * slice_words_;
      for (std::uint64_t portion = 0; portion < portions_; ++portion) {
        // Later portions reuse the place's states and counter, zeroed again first.
        if (portion > 0)
          PARPRIM_CUDA_CHECK(
              cudaMemsetAsync(slice, 0, slice_words_ * sizeof(std::uint32_t), stream));
        const std::uint64_t begin = portion * portion_tiles_ * shape_.tile();
        const auto tiles = static_cast<std::uint32_t>(std::min<std::uint64_t>(
            portion_tiles_, cuda::tiles_for(n_ - begin, std::uint64_t(shape_.tile()))));
        std::uint64_t* starts = starts_.get() + place * stride + portion * onesweep_radix;
        const onesweep_launch<T> launch{keys.source,
                                        keys.destination,
                                        values.source,
                                        values.destination,
                                        begin,
                                        n_,
                                        tiles,
                                        slice + 1,
                                        slice,
                                        starts,
                                        starts + onesweep_radix,
                                        static_cast<unsigned>(place * onesweep_radix_bits),
                                        descending};
        with_pass(pairs_, [&]<int Items, bool Pairs>() {
          onesweep_pass<T, Items, Pairs>
              <<<tiles, shape_.block_threads, pass_shared(), stream>>>(launch);
        });
        PARPRIM_CUDA_CHECK_LAUNCH("onesweep_pass");
      }
    }
  }

 private:
  /// Calls fn.template operator()<Items, Pairs>() for this plan's kernel.
  template <class Fn>
  void with_pass(bool pairs, Fn&& fn) const {
    onesweep_items::dispatch(shape_.items_per_thread, [&]<int Items>() {
      if (pairs)
        fn.template operator()<Items, true>();
      else
        fn.template operator()<Items, false>();
    });
  }
  std::uint64_t pass_shared() const {
    return onesweep_dynamic_shared(shape_.block_threads, shape_.items_per_thread, sizeof(T),
                                   pairs_);
  }

  std::uint64_t n_;
  bool pairs_;
  lookback_shape shape_;
  std::uint32_t portion_tiles_;
  std::uint64_t portions_;
  std::uint64_t slice_words_;  // per place: the tile counter, then tiles x 256 states
  unsigned histogram_blocks_ = 1;
  cuda::device_buffer<T> key_scratch_, value_scratch_;
  cuda::device_buffer<std::uint64_t> counts_, starts_;
  cuda::device_buffer<std::uint32_t> states_;
};

}  // namespace parprim::cuda_efficient
