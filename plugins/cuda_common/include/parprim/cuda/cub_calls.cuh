// CUB's device-wide calls as parprim's CUDA plugins make them: item counts as 32-bit integers
// where they fit (CUB picks its offset type from the count's type, and 64-bit offsets cost speed
// below 2^32 items), and one call for every form of a sort. CUB is named through
// CUB_NS_QUALIFIER, so each plugin gets the CUB of its own wrapped namespace.
//
// A CUB call is made twice: once without storage, to size it when the plan is made, and then in
// every run. The two must be the same call, or the run finds too little storage
// (cudaErrorInvalidValue). So what a call does is fixed by a description the plan holds (the
// sort's form and its largest count), never read off the pointers a run gets: a sort that once
// chose "pairs" by `values_in != nullptr` was sized for keys only by a query with null pointers.
#pragma once

#include <cub/device/device_radix_sort.cuh>

#include <cstddef>
#include <cstdint>
#include <string>

#include "parprim/cuda/check.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda {

/// Calls fn with `n` as std::uint32_t when it fits, else as std::uint64_t.
template <class Fn>
decltype(auto) with_cub_count(std::uint64_t n, Fn&& fn) {
  if (n <= 0xFFFFFFFFull) return fn(static_cast<std::uint32_t>(n));
  return fn(static_cast<std::uint64_t>(n));
}

/// What a radix sort carries beside its keys.
enum class sort_payload { keys, pairs };

/// A radix sort's form, fixed when its plan is made.
struct radix_sort_form {
  sort_payload payload = sort_payload::keys;
  bool descending = false;
  int end_bit = 0;  ///< the key bits [0, end_bit) are sorted on

  /// The form of a sort problem over every bit of K.
  template <class K>
  static radix_sort_form of(const problem& p) {
    return {p.sort_payload == PARPRIM_SORT_PAIRS ? sort_payload::pairs : sort_payload::keys,
            p.sort_order == PARPRIM_SORT_DESCENDING, int(sizeof(K) * 8)};
  }
};

/// One stable CUB radix sort of up to `max_count` items, as a plan makes it: temp_bytes() sizes
/// its storage and run() sorts, both through the same call, with the form given at construction
/// and the count type chosen from max_count (a run of fewer items keeps that type, so it cannot
/// move CUB to other offsets than the ones it was sized for).
template <class K, class V = K>
class cub_radix_sort {
 public:
  cub_radix_sort() = default;
  cub_radix_sort(radix_sort_form form, std::uint64_t max_count)
      : form_(form), max_count_(max_count) {}

  /// The temporary storage a run of up to max_count items needs (0 for none).
  std::size_t temp_bytes(cudaStream_t stream) const {
    std::size_t bytes = 0;
    if (max_count_ > 0)
      call(nullptr, bytes, nullptr, nullptr, nullptr, nullptr, max_count_, stream);
    return bytes;
  }

  /// Sorts `count` items with `bytes` of storage at `temp` (at least temp_bytes()). Values must be
  /// given for a pairs sort and only for one.
  void run(void* temp, std::size_t bytes, const K* keys_in, K* keys_out, const V* values_in,
           V* values_out, std::uint64_t count, cudaStream_t stream) const {
    if (count > max_count_)
      throw error(PARPRIM_INVALID_ARGUMENT, "CUB radix sort of " + std::to_string(count) +
                                                " items, planned for at most " +
                                                std::to_string(max_count_));
    const bool pairs = form_.payload == sort_payload::pairs;
    if (pairs != (values_in != nullptr && values_out != nullptr) ||
        (!pairs && (values_in || values_out)))
      throw error(PARPRIM_INVALID_ARGUMENT,
                  pairs ? "CUB radix sort of pairs run without its values"
                        : "CUB radix sort of keys run with values");
    if (count == 0) return;
    call(temp, bytes, keys_in, keys_out, values_in, values_out, count, stream);
  }

  radix_sort_form form() const { return form_; }
  std::uint64_t max_count() const { return max_count_; }

 private:
  void call(void* temp, std::size_t& bytes, const K* keys_in, K* keys_out, const V* values_in,
            V* values_out, std::uint64_t count, cudaStream_t stream) const {
    namespace cub = CUB_NS_QUALIFIER;
    const int end = form_.end_bit;
    with_cub_count(max_count_, [&](auto planned) {
      using Count = decltype(planned);
      const Count n = static_cast<Count>(count);
      if (form_.payload == sort_payload::pairs) {
        if (form_.descending)
          PARPRIM_CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(
              temp, bytes, keys_in, keys_out, values_in, values_out, n, 0, end, stream));
        else
          PARPRIM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
              temp, bytes, keys_in, keys_out, values_in, values_out, n, 0, end, stream));
      } else if (form_.descending) {
        PARPRIM_CUDA_CHECK(cub::DeviceRadixSort::SortKeysDescending(temp, bytes, keys_in, keys_out,
                                                                    n, 0, end, stream));
      } else {
        PARPRIM_CUDA_CHECK(
            cub::DeviceRadixSort::SortKeys(temp, bytes, keys_in, keys_out, n, 0, end, stream));
      }
    });
  }

  radix_sort_form form_{};
  std::uint64_t max_count_ = 0;
};

}  // namespace parprim::cuda
