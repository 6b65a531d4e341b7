// Sequential scan of one contiguous range, seeded with a carry-in.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "parprim/host/streaming_store.hpp"
#include "parprim/host/wrapping_sum.hpp"
#include "parprim/wrapping.hpp"

namespace parprim::host {

/// Writes the scan of in[0..n) plus `carry` to out and returns the carry-out (carry + sum).
///
/// A scalar loop stores one element per cycle at best, which on the CI machine is slower than
/// the copy it is measured against; this one scans 16-byte vectors in registers (two or four
/// lanes: log2(lanes) shifted adds), adds the running carry to all lanes and stores the vector
/// at once. For floats each output is still a sum of its terms, in another order
/// (docs/semantics.md).
///
/// Stream: the vectors go to memory with streaming stores (where out is 16-byte aligned, as the
/// backends' buffers are), so no output line is read before it is written: a third less traffic
/// for an output too large to stay in cache (streams_output), whose caller ends with
/// finish_streaming().
template <bool Inclusive, bool Stream = false, class T>
T scan_range(const T* in, T* out, std::uint64_t n, T carry) {
  using E = wrapping_t<T>;
  std::uint64_t i = 0;
  E running = static_cast<E>(carry);
#if defined(__GNUC__) || defined(__clang__)
  constexpr int lanes = 16 / sizeof(T);
  typedef E vec __attribute__((vector_size(16)));
  // Only a 16-byte-aligned output streams, so that the vectors group the same elements as
  // with plain stores and a float scan rounds alike either way.
  const bool stream = Stream && reinterpret_cast<std::uintptr_t>(out) % 16 == 0;
  const vec zero = {};
  vec c = zero + running;
  for (; i + lanes <= n; i += lanes) {
    vec x, r;
    std::memcpy(&x, in + i, 16);
    if constexpr (lanes == 4) {
      x += __builtin_shufflevector(zero, x, 3, 4, 5, 6);
      x += __builtin_shufflevector(zero, x, 2, 3, 4, 5);
      r = Inclusive ? x : __builtin_shufflevector(zero, x, 3, 4, 5, 6);
      r += c;
      c += __builtin_shufflevector(x, x, 3, 3, 3, 3);
    } else {
      x += __builtin_shufflevector(zero, x, 1, 2);
      r = Inclusive ? x : __builtin_shufflevector(zero, x, 1, 2);
      r += c;
      c += __builtin_shufflevector(x, x, 1, 1);
    }
    if (stream)
      stream_vector(out + i, &r);
    else
      std::memcpy(out + i, &r, 16);
  }
  running = c[0];
#endif
  for (; i < n; ++i) {
    E x;
    std::memcpy(&x, in + i, sizeof(T));
    if constexpr (Inclusive) {
      running += x;
      std::memcpy(out + i, &running, sizeof(T));
    } else {
      std::memcpy(out + i, &running, sizeof(T));
      running += x;
    }
  }
  return static_cast<T>(running);
}

template <class T>
T scan_range(const T* in, T* out, std::uint64_t n, T carry, bool inclusive, bool stream = false) {
  if (stream)
    return inclusive ? scan_range<true, true>(in, out, n, carry)
                     : scan_range<false, true>(in, out, n, carry);
  return inclusive ? scan_range<true>(in, out, n, carry) : scan_range<false>(in, out, n, carry);
}

/// The sum of in[0..n) (wrapping for integers), in the element type: two 16-byte vector
/// accumulators, so the loop is neither latency- nor scalar-bound. For floats, a sum in another
/// order (docs/semantics.md).
template <class T>
T reduce_range(const T* in, std::uint64_t n) {
  using E = wrapping_t<T>;
  std::uint64_t i = 0;
  E sum = E(0);
#if defined(__GNUC__) || defined(__clang__)
  constexpr int lanes = 16 / sizeof(T);
  typedef E vec __attribute__((vector_size(16)));
  vec a = {}, b = {};
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    vec x, y;
    std::memcpy(&x, in + i, 16);
    std::memcpy(&y, in + i + lanes, 16);
    a += x;
    b += y;
  }
  a += b;
  for (int k = 0; k < lanes; ++k) sum += a[k];
#endif
  for (; i < n; ++i) {
    E x;
    std::memcpy(&x, in + i, sizeof(T));
    sum += x;
  }
  return static_cast<T>(sum);
}

}  // namespace parprim::host
