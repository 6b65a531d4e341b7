// cpu_seq's LSD radix sort: one histogram pass for every digit, then one stable scatter per
// digit that is not constant across the keys.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/radix_sort.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_seq {

template <class T, unsigned Bits>
class radix_sort_plan final : public plan {
 public:
  radix_sort_plan(const problem& p, std::uint64_t n)
      : n_(n),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        key_scratch_(n),
        value_scratch_(pairs_ ? n : 0),
        buffers_(pairs_) {}

  void run(const parprim_io& io) override {
    using D = host::radix_digits<T, Bits>;
    const T* keys_in = io_in<T>(io);
    T* keys_out = io_out<T>(io);
    const T* values_in = pairs_ ? io_values_in<T>(io) : nullptr;
    T* values_out = pairs_ ? io_values_out<T>(io) : nullptr;

    for (auto& h : hist_) h.fill(0);
    host::histogram_all_passes<T, Bits>(keys_in, n_, descending_, hist_.data());
    const std::vector<unsigned> passes = host::needed_passes<T, Bits>(hist_.data(), n_);
    if (passes.empty()) {  // every key equal: the stable order is the input order
      std::memcpy(keys_out, keys_in, n_ * sizeof(T));
      if (pairs_) std::memcpy(values_out, values_in, n_ * sizeof(T));
      return;
    }
    const auto count = static_cast<unsigned>(passes.size());
    for (unsigned k = 0; k < count; ++k) {
      const auto keys = host::pass_buffers<T>(k, count, keys_in, keys_out, key_scratch_.data());
      const auto values =
          host::pass_buffers<T>(k, count, values_in, values_out, value_scratch_.data());
      std::uint64_t offsets[D::buckets];
      std::uint64_t sum = 0;
      for (unsigned d = 0; d < D::buckets; ++d) {
        offsets[d] = sum;
        sum += hist_[passes[k]][d];
      }
      host::scatter_pass<T, Bits>(keys.source, pairs_ ? values.source : nullptr, n_, descending_,
                                  passes[k], offsets, keys.destination, values.destination,
                                  buffers_);
    }
  }

 private:
  std::uint64_t n_;
  bool descending_;
  bool pairs_;
  host::aligned_array<T> key_scratch_;
  host::aligned_array<T> value_scratch_;
  host::write_combining_buffers<T, host::radix_digits<T, Bits>::buckets> buffers_;
  std::array<typename host::radix_digits<T, Bits>::histogram, host::radix_digits<T, Bits>::passes>
      hist_{};
};

}  // namespace parprim::cpu_seq
