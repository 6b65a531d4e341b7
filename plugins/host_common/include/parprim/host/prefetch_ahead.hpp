// A software prefetch for the loops that stream an array from memory a block at a time (the
// UTF-8 block decoder, the radix sort's count and scatters). On some machines the hardware
// prefetchers leave such a loop's loads waiting on memory, by how much depending on where its
// stores fall: on the 2-vCPU Intel VM of 2026-11-27 a prefetch 2 KiB ahead took emoji decoding
// to 0.46-0.61x of its time (docs/algorithms/utf8.md, step 16) and the radix sort to 0.83-0.88x
// (docs/algorithms/cpu_sort.md, step 12); 1-4 KiB measured alike.
#pragma once

#include <cstddef>

namespace parprim::host {

/// How far ahead of the element it reads a streaming loop prefetches, in bytes.
inline constexpr std::size_t prefetch_distance = 2048;

/// Prefetches the line prefetch_distance bytes past `at` for reading. A prefetch past the end
/// of an array faults nothing, so loops call it without a bounds test.
template <class T>
inline void prefetch_ahead(const T* at) {
  __builtin_prefetch(reinterpret_cast<const char*>(at) + prefetch_distance, 0, 3);
}

/// Prefetches the first prefetch_distance bytes of a range of `count` elements at `at` (or all of
/// it, if shorter): the lines a loop reads before its own prefetch_ahead reaches them, where it
/// goes on from another range (a bucket's next chunk, cpu_sort.md step 46).
template <class T>
inline void prefetch_head(const T* at, std::size_t count) {
  const auto* bytes = reinterpret_cast<const char*>(at);
  const std::size_t end = count * sizeof(T) < prefetch_distance ? count * sizeof(T) : prefetch_distance;
  for (std::size_t offset = 0; offset < end; offset += 64) __builtin_prefetch(bytes + offset, 0, 3);
}

}  // namespace parprim::host
