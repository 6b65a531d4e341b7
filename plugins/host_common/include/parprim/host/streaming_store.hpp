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

/// Copies the line a buffer is filling to a line-aligned destination, its last element `last`
/// taken from a register rather than from the buffer. A line just completed by a small store
/// and read back at once in 16-byte pieces stalls on that store: the core cannot forward a
/// 4- or 8-byte store to a wider load that overlaps it, so the load waits for the store to
/// reach the cache (docs/algorithms/cpu_sort.md, step 37). Here the caller never stores `last`:
/// the first 48 bytes are streamed from the buffer, the last 16 built from the buffer's last
/// vector with `last` in its top lane.
template <class T>
void stream_line_ending(void* destination, const T* line, T last) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  char* const to = static_cast<char*>(destination);
  const char* const from = reinterpret_cast<const char*>(line);
  for (std::size_t k = 0; k + 16 < cache_line; k += 16) stream_vector(to + k, from + k);
#if defined(__SSE2__)
  const __m128i rest = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + cache_line - 16));
  __m128i top;
  __m128i keep;  // the lanes of `rest` below the top element
  if constexpr (sizeof(T) == 4) {
    std::int32_t bits;
    std::memcpy(&bits, &last, sizeof bits);
    top = _mm_slli_si128(_mm_cvtsi32_si128(bits), 12);
    keep = _mm_setr_epi32(-1, -1, -1, 0);
  } else {
    std::int64_t bits;
    std::memcpy(&bits, &last, sizeof bits);
    top = _mm_slli_si128(_mm_cvtsi64_si128(bits), 8);
    keep = _mm_setr_epi32(-1, -1, 0, 0);
  }
  _mm_stream_si128(reinterpret_cast<__m128i*>(to + cache_line - 16),
                   _mm_or_si128(_mm_and_si128(rest, keep), top));
#else
  std::memcpy(to + cache_line - 16, from + cache_line - 16, 16 - sizeof(T));
  std::memcpy(to + cache_line - sizeof(T), &last, sizeof(T));
#endif
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
