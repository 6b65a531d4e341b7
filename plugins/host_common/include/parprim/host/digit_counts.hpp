// Digit counts of a range of keys, the first step of every radix pass: how many keys fall in
// each bucket gives every bucket's place in the output. One read of the range counts one digit
// (and the range's key bounds) or all the digits a cache-resident sort will need.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "parprim/host/avx512.hpp"
#include "parprim/host/radix_keys.hpp"
#include "parprim/host/vector_digit_count.hpp"

namespace parprim::host {

/// The widest digit the CPU radix sorts use: 2048 buckets, whose counters (8 KiB of 32-bit
/// counts) stay in L1 and whose write-combining lines (128 KiB) stay in L2.
inline constexpr unsigned max_digit_bits = 11;
inline constexpr std::uint32_t max_buckets = std::uint32_t(1) << max_digit_bits;

/// count_digit's portable form, one key at a time.
template <class T, class Count>
key_bounds<radix_key_t<T>> scalar_count_digit(const T* in, std::uint64_t n, radix_keys<T> keys,
                                              digit_place place, Count* counts) {
  key_bounds<radix_key_t<T>> bounds;
  for_each_key<key_source::memory>(in, n, [&](T key, std::uint64_t) PARPRIM_ALWAYS_INLINE {
    const auto k = keys(key);
    bounds.add(k);
    ++counts[place.of(k)];
  });
  return bounds;
}

/// count_digit's AVX-512 form for 32-bit T, its digits taken to the counters as `Reads` says:
/// the whole vectors' keys by vector_count_digit, the rest one at a time. Call only where
/// has_avx512f().
template <digit_reads Reads, class T, class Count>
key_bounds<radix_key_t<T>> vector_form_count_digit(const T* in, std::uint64_t n, radix_keys<T> keys,
                                                   digit_place place, Count* counts) {
  const std::uint64_t whole = n / 16 * 16;
  auto bounds = vector_count_digit<Reads>(in, whole, keys, place, counts);
  bounds.merge(scalar_count_digit(in + whole, n - whole, keys, place, counts));
  return bounds;
}

/// Adds the counts of `place`'s digit over keys[0..n) to counts[0..place.buckets()) and returns
/// the range's key bounds: 16 keys a step where the keys are 32-bit and the CPU has AVX-512
/// (vector_digit_count.hpp), in this CPU's form (vector_digit_reads()).
template <class T, class Count>
key_bounds<radix_key_t<T>> count_digit(const T* in, std::uint64_t n, radix_keys<T> keys,
                                       digit_place place, Count* counts) {
  if constexpr (sizeof(T) == 4) {
    if (has_avx512f())
      return vector_digit_reads() == digit_reads::memory
                 ? vector_form_count_digit<digit_reads::memory>(in, n, keys, place, counts)
                 : vector_form_count_digit<digit_reads::extract>(in, n, keys, place, counts);
  }
  return scalar_count_digit(in, n, keys, place, counts);
}

/// Counts of several digits, for a range small enough to be counted in 32 bits.
template <std::size_t MaxDigits>
using digit_histograms = std::array<std::array<std::uint32_t, max_buckets>, MaxDigits>;

/// count_digits' portable form, one key at a time.
template <unsigned D, class T, std::size_t MaxDigits>
void scalar_count_digits(const T* in, std::uint32_t n, radix_keys<T> keys,
                         const digit_place* places, digit_histograms<MaxDigits>& histograms) {
  static_assert(D <= MaxDigits);
  // A local copy: the counters' stores could otherwise alias the places, reloaded every key.
  std::array<digit_place, D> at;
  std::copy_n(places, D, at.begin());
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto k = keys(in[i]);
    // Unrolled, so each digit's shift and mask stay in registers: as a loop, GCC 12 reloaded
    // every place for every key (a 3-digit cache sort of 32768 keys: 7.2 -> 5.6 ns a key).
#pragma GCC unroll 8
    for (unsigned d = 0; d < D; ++d) ++histograms[d][at[d].of(k)];
  }
}

/// count_digits' AVX-512 form for 32-bit T, its digits taken to the counters as `Reads` says:
/// the whole vectors' keys by vector_count_digits, the rest one at a time. Call only where
/// has_avx512f().
template <unsigned D, digit_reads Reads, class T, std::size_t MaxDigits>
void vector_form_count_digits(const T* in, std::uint32_t n, radix_keys<T> keys,
                              const digit_place* places, digit_histograms<MaxDigits>& histograms) {
  static_assert(D <= MaxDigits);
  const std::uint32_t whole = n / 16 * 16;
  vector_count_digits<D, Reads>(in, whole, keys, places, histograms);
  scalar_count_digits<D>(in + whole, n - whole, keys, places, histograms);
}

/// Adds the counts of D digits at once (one read of the range): histograms[d] for places[d];
/// 16 keys a step where the keys are 32-bit and the CPU has AVX-512 (vector_digit_count.hpp),
/// in this CPU's form (vector_digit_reads()).
template <unsigned D, class T, std::size_t MaxDigits>
void count_digits(const T* in, std::uint32_t n, radix_keys<T> keys, const digit_place* places,
                  digit_histograms<MaxDigits>& histograms) {
  static_assert(D <= MaxDigits);
  if constexpr (sizeof(T) == 4) {
    if (has_avx512f()) {
      if (vector_digit_reads() == digit_reads::memory)
        return vector_form_count_digits<D, digit_reads::memory>(in, n, keys, places, histograms);
      return vector_form_count_digits<D, digit_reads::extract>(in, n, keys, places, histograms);
    }
  }
  scalar_count_digits<D>(in, n, keys, places, histograms);
}

/// Turns counts into each bucket's first position, starting at `base`; returns the end.
template <class Count, class Offset>
Offset exclusive_offsets(const Count* counts, std::uint32_t buckets, Offset base, Offset* offsets) {
  for (std::uint32_t b = 0; b < buckets; ++b) {
    offsets[b] = base;
    base += static_cast<Offset>(counts[b]);
  }
  return base;
}

}  // namespace parprim::host
