// The `std` sort variant: std::stable_sort by the same order as the radix sort, for comparison.
// std::stable_sort takes its merge buffer from the standard library at each call; that
// allocation is part of what this variant measures.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "parprim/plugin.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::cpu_seq {

template <class T>
class std_sort_plan final : public plan {
 public:
  std_sort_plan(const problem& p, std::uint64_t n)
      : n_(n),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        order_(pairs_ ? n : 0) {}

  void run(const parprim_io& io) override {
    const T* keys_in = io_in<T>(io);
    T* keys_out = io_out<T>(io);
    const auto flip = descending_ ? radix_key_t<T>(~radix_key_t<T>(0)) : radix_key_t<T>(0);
    if (!pairs_) {
      std::memcpy(keys_out, keys_in, n_ * sizeof(T));
      std::stable_sort(keys_out, keys_out + n_, [flip](T a, T b) {
        return (to_radix_key(a) ^ flip) < (to_radix_key(b) ^ flip);
      });
      return;
    }
    for (std::uint64_t i = 0; i < n_; ++i) order_[i] = {to_radix_key(keys_in[i]) ^ flip, i};
    std::stable_sort(order_.begin(), order_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const T* values_in = io_values_in<T>(io);
    T* values_out = io_values_out<T>(io);
    for (std::uint64_t i = 0; i < n_; ++i) {
      keys_out[i] = keys_in[order_[i].second];
      values_out[i] = values_in[order_[i].second];
    }
  }

 private:
  std::uint64_t n_;
  bool descending_;
  bool pairs_;
  std::vector<std::pair<radix_key_t<T>, std::uint64_t>> order_;
};

}  // namespace parprim::cpu_seq
