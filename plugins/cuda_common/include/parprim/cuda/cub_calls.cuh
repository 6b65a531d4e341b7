// CUB's device-wide calls as parprim's CUDA plugins make them: item counts as 32-bit integers
// where they fit (CUB picks its offset type from the count's type, and 64-bit offsets cost speed
// below 2^32 items), and one call for every form of a sort. CUB is named through
// CUB_NS_QUALIFIER, so each plugin gets the CUB of its own wrapped namespace.
#pragma once

#include <cub/device/device_radix_sort.cuh>

#include <cstdint>

namespace parprim::cuda {

/// Calls fn with `n` as std::uint32_t when it fits, else as std::uint64_t.
template <class Fn>
decltype(auto) with_cub_count(std::uint64_t n, Fn&& fn) {
  if (n <= 0xFFFFFFFFull) return fn(static_cast<std::uint32_t>(n));
  return fn(static_cast<std::uint64_t>(n));
}

/// A stable radix sort of keys, or of pairs when values_in is not null, ascending or descending,
/// over every bit of T (CUB's order for floats: -0.0 and +0.0 tie).
template <class T, class Count>
cudaError_t cub_radix_sort(void* temp, std::size_t& bytes, const T* keys_in, T* keys_out,
                           const T* values_in, T* values_out, Count count, bool descending,
                           cudaStream_t stream) {
  namespace cub = CUB_NS_QUALIFIER;
  constexpr int end_bit = sizeof(T) * 8;
  if (values_in) {
    if (descending)
      return cub::DeviceRadixSort::SortPairsDescending(temp, bytes, keys_in, keys_out, values_in,
                                                       values_out, count, 0, end_bit, stream);
    return cub::DeviceRadixSort::SortPairs(temp, bytes, keys_in, keys_out, values_in, values_out,
                                           count, 0, end_bit, stream);
  }
  if (descending)
    return cub::DeviceRadixSort::SortKeysDescending(temp, bytes, keys_in, keys_out, count, 0,
                                                    end_bit, stream);
  return cub::DeviceRadixSort::SortKeys(temp, bytes, keys_in, keys_out, count, 0, end_bit, stream);
}

}  // namespace parprim::cuda
