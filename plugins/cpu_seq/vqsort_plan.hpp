// cpu_seq's `vqsort` variant: Highway's VQSort (Debian's libhwy-dev, hwy::Sorter), the fastest
// single-thread sort a C++ user on Debian can install, for comparison with the radix sort
// (issue 35). VQSort sorts plain integers and floats by value, unstably, so the plan sorts what
// gives parprim's order exactly, as the other comparison sorts do (host/comparison_sort.hpp):
// - integer keys alone: their radix keys (radix_key.hpp; complemented for descending) as
//   unsigned integers, in place in the output, mapped back after; equal keys are identical, so
//   stability cannot show;
// - pairs, and float keys (-0.0 and +0.0 are equal keys yet differ): (radix key, index) records
//   as one unsigned integer each, 64 bits for 4-byte keys and 128 for 8-byte ones, so every
//   record is distinct, their ascending order is the stable order, and the output is gathered
//   by the indices. Past 2^32 elements a 4-byte key takes the 128-bit records too.
#pragma once

#include <hwy/contrib/sort/vqsort.h>
#include <hwy/targets.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "parprim/plugin.hpp"
#include "parprim/radix_key.hpp"

namespace parprim::cpu_seq {

/// The value whose radix key (radix_key.hpp) is `key`, for integer types.
template <class T>
T from_radix_key(radix_key_t<T> key) {
  static_assert(std::is_integral_v<T>);
  using K = radix_key_t<T>;
  if constexpr (std::is_signed_v<T>) key ^= K(1) << (sizeof(K) * 8 - 1);
  return static_cast<T>(key);
}

/// The Highway target VQSort dispatches to on this CPU (the best it supports), for the
/// backend's description.
inline std::string vqsort_target() {
  const std::int64_t targets = hwy::SupportedTargets();
  return hwy::TargetName(targets & -targets);  // the lowest bit is Highway's best target
}

template <class T>
class vqsort_plan final : public plan {
  using key_type = radix_key_t<T>;

 public:
  vqsort_plan(const problem& p, std::uint64_t n)
      : n_(n),
        flip_(p.sort_order == PARPRIM_SORT_DESCENDING ? key_type(~key_type(0)) : key_type(0)),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        in_place_(!pairs_ && std::is_integral_v<T>),
        wide_records_(sizeof(T) == 8 || n > (std::uint64_t(1) << 32)) {
    if (in_place_) return;
    if (wide_records_)
      wide_.resize(n);
    else
      narrow_.resize(n);
  }

  void run(const parprim_io& io) override {
    const T* keys_in = io_in<T>(io);
    T* keys_out = io_out<T>(io);
    if constexpr (std::is_integral_v<T>) {
      if (in_place_) {
        sort_in_place(keys_in, keys_out);
        return;
      }
    }
    if (wide_records_) {
      for (std::uint64_t i = 0; i < n_; ++i) wide_[i] = {i, to_radix_key(keys_in[i]) ^ flip_};
      sorter_(wide_.data(), n_, hwy::SortAscending());
      gather(io, keys_in, keys_out, [&](std::uint64_t j) { return wide_[j].lo; });
    } else {
      for (std::uint64_t i = 0; i < n_; ++i)
        narrow_[i] = std::uint64_t(to_radix_key(keys_in[i]) ^ flip_) << 32 | i;
      sorter_(narrow_.data(), n_, hwy::SortAscending());
      gather(io, keys_in, keys_out, [&](std::uint64_t j) { return narrow_[j] & 0xFFFFFFFFu; });
    }
  }

 private:
  void sort_in_place(const T* keys_in, T* keys_out) {
    auto* keys = reinterpret_cast<key_type*>(keys_out);
    for (std::uint64_t i = 0; i < n_; ++i) keys[i] = to_radix_key(keys_in[i]) ^ flip_;
    sorter_(keys, n_, hwy::SortAscending());
    for (std::uint64_t i = 0; i < n_; ++i) keys_out[i] = from_radix_key<T>(keys[i] ^ flip_);
  }

  template <class Index>
  void gather(const parprim_io& io, const T* keys_in, T* keys_out, Index index_at) const {
    for (std::uint64_t j = 0; j < n_; ++j) keys_out[j] = keys_in[index_at(j)];
    if (!pairs_) return;
    const T* values_in = io_values_in<T>(io);
    T* values_out = io_values_out<T>(io);
    for (std::uint64_t j = 0; j < n_; ++j) values_out[j] = values_in[index_at(j)];
  }

  std::uint64_t n_;
  key_type flip_;
  bool pairs_, in_place_, wide_records_;
  hwy::Sorter sorter_;
  std::vector<std::uint64_t> narrow_;   // (key << 32 | index), 4-byte keys below 2^32 elements
  std::vector<hwy::uint128_t> wide_;    // {lo: index, hi: key}
};

}  // namespace parprim::cpu_seq
