// Stores that write whole cache lines to memory without reading them first (non-temporal): for
// data the sorting core will not touch again, written far from where it was read. A plain store
// to a line not in cache first reads the line from memory (read-for-ownership), a third of the
// traffic of a copy; a streaming store of the whole line does not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace parprim::host {

inline constexpr std::size_t cache_line = 64;

inline bool line_aligned(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % cache_line == 0;
}

/// Writes 16 bytes to a 16-byte-aligned destination without reading its line first (four such
/// stores in a row fill the line).
inline void stream_vector(void* destination, const void* bytes16) {
#if defined(__SSE2__)
  _mm_stream_si128(static_cast<__m128i*>(destination),
                   _mm_loadu_si128(static_cast<const __m128i*>(bytes16)));
#else
  std::memcpy(destination, bytes16, 16);
#endif
}

/// Copies one whole cache line to a line-aligned destination without reading that line first.
inline void stream_line(void* destination, const void* line) {
  for (std::size_t k = 0; k < cache_line; k += 16)
    stream_vector(static_cast<char*>(destination) + k, static_cast<const char*>(line) + k);
}

/// Whether an output of this many bytes is worth streaming: past the last-level cache of a
/// core's share of the chip (32 MiB, one Zen 4 CCD's L3; more than most Intel parts give a
/// core), an output cannot stay cached for its next reader anyway, and a plain store first reads
/// each line. A smaller one may still be in cache when it is read, which a streaming store
/// would throw away. (sysconf's figure is no guide here: on the 2-core VM it reports the whole
/// host's 320 MiB.)
inline bool streams_output(std::uint64_t bytes) {
  return bytes > (std::uint64_t{32} << 20);
}

/// Copies n elements, streaming every whole line of the destination and storing the partial
/// lines at its ends plainly.
template <class T>
void stream_copy(T* destination, const T* source, std::uint64_t n) {
  static_assert(cache_line % sizeof(T) == 0);
  constexpr std::uint64_t per_line = cache_line / sizeof(T);
  std::uint64_t head = (cache_line - reinterpret_cast<std::uintptr_t>(destination) % cache_line) %
                       cache_line / sizeof(T);
  if (head >= n || reinterpret_cast<std::uintptr_t>(destination) % sizeof(T) != 0) {
    std::memcpy(destination, source, n * sizeof(T));
    return;
  }
  std::memcpy(destination, source, head * sizeof(T));
  std::uint64_t i = head;
  for (; i + per_line <= n; i += per_line) stream_line(destination + i, source + i);
  std::memcpy(destination + i, source + i, (n - i) * sizeof(T));
}

/// Orders the streamed lines before the caller hands the output on (to another thread, or a
/// later pass that may run elsewhere).
inline void finish_streaming() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

}  // namespace parprim::host
