// cpu_seq's radix sort: host/hybrid_radix_sort.hpp on the whole array, on one core.
#pragma once

#include <cstdint>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_seq {

template <class T>
class radix_sort_plan final : public plan {
 public:
  radix_sort_plan(const problem& p, std::uint64_t n, const host::radix_sort_policy& policy)
      : n_(n),
        keys_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        spare_keys_(n),
        spare_values_(pairs_ ? n : 0),
        sorter_(policy, pairs_) {
    if (!pairs_) sorter_.reserve_array(n);
  }

  void run(const parprim_io& io) override {
    const host::elements<const T> in{io_in<T>(io), pairs_ ? io_values_in<T>(io) : nullptr};
    const host::elements<T> out{io_out<T>(io), pairs_ ? io_values_out<T>(io) : nullptr};
    const host::elements<T> spare{spare_keys_.data(), pairs_ ? spare_values_.data() : nullptr};
    sorter_.sort_array(in, out, spare, n_, keys_);
  }

 private:
  std::uint64_t n_;
  host::radix_keys<T> keys_;
  bool pairs_;
  host::aligned_array<T> spare_keys_, spare_values_;
  host::radix_sorter<T> sorter_;
};

}  // namespace parprim::cpu_seq
