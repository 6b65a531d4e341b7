// The comparison sorts the CPU backends show beside their radix sorts (std::stable_sort, Boost
// .Sort's pdqsort_branchless, block_indirect_sort and parallel_stable_sort): what a C++ user gets
// for free, in parprim's order and with its pair semantics. Keys are ordered by their radix key
// (radix_key.hpp: -0.0 equal to +0.0, NaNs at the ends), complemented for descending, and equal
// keys keep their input order, as parprim requires of every sort. A stable sort, or any sort of
// integer keys (equal keys are identical there), sorts the keys in place; otherwise (pairs, or
// float keys under an unstable sort, where -0.0 and +0.0 are equal yet differ) the plan sorts
// (key, index) records, comparing the index too for an unstable sort, and gathers by them.
// Whatever the sort allocates inside the call is part of what the variant measures.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "parprim/plugin.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::host {

/// Sort: a callable sort(first, last, less) over random-access iterators. `stable`: whether it
/// keeps equal elements in order (then pairs compare keys alone).
template <class T, class Sort>
class comparison_sort_plan final : public plan {
  using key_type = radix_key_t<T>;

 public:
  comparison_sort_plan(const problem& p, std::uint64_t n, Sort sort, bool stable)
      : n_(n),
        flip_(p.sort_order == PARPRIM_SORT_DESCENDING ? key_type(~key_type(0)) : key_type(0)),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        stable_(stable),
        in_place_(!pairs_ && (stable || std::is_integral_v<T>)),
        sort_(std::move(sort)),
        order_(in_place_ ? 0 : n) {}

  void run(const parprim_io& io) override {
    const T* keys_in = io_in<T>(io);
    T* keys_out = io_out<T>(io);
    if (in_place_) {
      std::memcpy(keys_out, keys_in, n_ * sizeof(T));
      sort_(keys_out, keys_out + n_, [flip = flip_](T a, T b) {
        return (to_radix_key(a) ^ flip) < (to_radix_key(b) ^ flip);
      });
      return;
    }
    for (std::uint64_t i = 0; i < n_; ++i) order_[i] = {to_radix_key(keys_in[i]) ^ flip_, i};
    if (stable_)
      sort_(order_.begin(), order_.end(),
            [](const record& a, const record& b) { return a.first < b.first; });
    else
      sort_(order_.begin(), order_.end(), [](const record& a, const record& b) { return a < b; });
    for (std::uint64_t i = 0; i < n_; ++i) keys_out[i] = keys_in[order_[i].second];
    if (!pairs_) return;
    const T* values_in = io_values_in<T>(io);
    T* values_out = io_values_out<T>(io);
    for (std::uint64_t i = 0; i < n_; ++i) values_out[i] = values_in[order_[i].second];
  }

 private:
  using record = std::pair<key_type, std::uint64_t>;
  std::uint64_t n_;
  key_type flip_;
  bool pairs_, stable_, in_place_;
  Sort sort_;
  std::vector<record> order_;
};

template <class T, class Sort>
std::unique_ptr<plan> make_comparison_sort(const problem& p, std::uint64_t n, Sort sort,
                                           bool stable) {
  return std::make_unique<comparison_sort_plan<T, Sort>>(p, n, std::move(sort), stable);
}

/// The plan for the problem's own element type.
template <class Sort>
std::unique_ptr<plan> make_comparison_sort_for(const problem& p, std::uint64_t n, Sort sort,
                                               bool stable) {
  return dispatch_dtype(p.dtype,
                        [&]<class T>() { return make_comparison_sort<T>(p, n, sort, stable); });
}

}  // namespace parprim::host
