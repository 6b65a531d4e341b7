// Software write-combining for a radix sort's scatter (docs/algorithms/radix_sort.md, "The CPU
// scatter"). A plain scatter stores each key to one of 2^Bits places far apart: every store
// misses the caches, reads its line from memory first (read-for-ownership) and, past the TLB's
// reach, walks the page tables. Here each bucket gathers its keys in a cache-line buffer that
// stays in L1/L2, and a full line goes to memory at once with non-temporal stores: no read of
// the destination line, one translation per line instead of one per key.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "parprim/host/aligned_array.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace parprim::host {

inline constexpr std::size_t cache_line = 64;

/// Copies one whole cache line to a line-aligned destination without reading that line first.
inline void stream_line(void* destination, const void* line) {
#if defined(__SSE2__)
  auto* d = static_cast<__m128i*>(destination);
  const auto* s = static_cast<const __m128i*>(line);
  for (int k = 0; k < 4; ++k) _mm_stream_si128(d + k, _mm_load_si128(s + k));
#else
  std::memcpy(destination, line, cache_line);
#endif
}

/// Orders the streamed lines before the caller hands the output on (to another thread, or a
/// later pass that may run elsewhere).
inline void finish_streaming() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

/// One buffer of a cache line per bucket, for keys and (for pairs) their values; allocated once
/// by the plan, reused by every pass. A destination array must start on a cache line for its
/// full lines to be streamed (the host backends' buffers do; others are written plainly).
template <class T, unsigned Buckets>
class write_combining_buffers {
 public:
  static constexpr std::size_t per_line = cache_line / sizeof(T);
  explicit write_combining_buffers(bool pairs)
      : keys_(Buckets * per_line), values_(pairs ? Buckets * per_line : 0) {}

  /// The stable scatter of keys[0..n) (and values) to keys_out/values_out: the element i goes to
  /// offsets[digit_of(keys[i])]++, exactly as a plain scatter puts it.
  template <class DigitOf>
  void scatter(const T* keys, const T* values, std::uint64_t n, std::uint64_t* offsets, T* keys_out,
               T* values_out, DigitOf digit_of) {
    std::uint64_t begin[Buckets];
    for (unsigned d = 0; d < Buckets; ++d) begin[d] = offsets[d];
    const bool stream = aligned(keys_out) && (!values || aligned(values_out));
    for (std::uint64_t i = 0; i < n; ++i) {
      const unsigned d = digit_of(keys[i]);
      const std::uint64_t at = offsets[d]++;
      const std::size_t slot = at % per_line;
      keys_.data()[d * per_line + slot] = keys[i];
      if (values) values_.data()[d * per_line + slot] = values[i];
      if (slot == per_line - 1) {  // the line of `at` is complete in the buffer
        const std::uint64_t line = at - slot;
        if (stream && line >= begin[d]) {
          stream_line(keys_out + line, keys_.data() + d * per_line);
          if (values) stream_line(values_out + line, values_.data() + d * per_line);
        } else {  // the bucket's first line: its head belongs to the bucket before
          flush(d, std::max(line, begin[d]), at + 1, keys_out, values_out, values != nullptr);
        }
      }
    }
    // What no full line took: each bucket's last, partial line.
    for (unsigned d = 0; d < Buckets; ++d) {
      const std::uint64_t end = offsets[d];
      const std::uint64_t line = end - end % per_line;
      if (end % per_line)
        flush(d, std::max(line, begin[d]), end, keys_out, values_out, values != nullptr);
    }
    finish_streaming();
  }

 private:
  static bool aligned(const T* p) { return reinterpret_cast<std::uintptr_t>(p) % cache_line == 0; }

  // Writes the buffered elements of [from, to) (within one line) of bucket d plainly.
  void flush(unsigned d, std::uint64_t from, std::uint64_t to, T* keys_out, T* values_out,
             bool pairs) {
    const std::size_t first = from % per_line, count = to - from;
    std::memcpy(keys_out + from, keys_.data() + d * per_line + first, count * sizeof(T));
    if (pairs)
      std::memcpy(values_out + from, values_.data() + d * per_line + first, count * sizeof(T));
  }

  aligned_array<T> keys_, values_;  // a cache line per bucket, each starting on a line
};

}  // namespace parprim::host
