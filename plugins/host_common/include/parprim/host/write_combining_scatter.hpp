// Software write-combining for a radix pass whose output lies in memory (docs/algorithms/
// cpu_sort.md). A plain scatter stores each key to one of up to 2048 places far apart: every
// store misses the caches, reads its line from memory first (read-for-ownership) and, past the
// TLB's reach, walks the page tables. Here each bucket gathers its keys in a cache-line buffer
// that stays in L1/L2, and a full line goes to memory at once with a streaming store: no read
// of the destination line, one translation per line instead of one per key.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/bucket_chunks.hpp"
#include "parprim/host/radix_keys.hpp"
#include "parprim/host/streaming_store.hpp"

namespace parprim::host {

/// One buffer of a cache line per bucket, for keys and (for pairs) their values; allocated once
/// by the plan, reused by every pass. A destination array must start on a cache line for its
/// full lines to be streamed (the host backends' buffers do; others are written plainly).
template <class T, unsigned Buckets>
class write_combining_buffers {
 public:
  static constexpr std::size_t per_line = cache_line / sizeof(T);
  explicit write_combining_buffers(bool pairs)
      : keys_(Buckets * per_line), values_(pairs ? Buckets * per_line : 0) {}

  /// The stable scatter of src[0..n) to dst: the element i goes to offsets[bucket_of(key i)]++,
  /// exactly as a plain scatter puts it. bucket_of answers below `buckets` (at most Buckets).
  template <class BucketOf>
  void scatter(elements<const T> src, std::uint64_t n, std::uint32_t buckets,
               std::uint64_t* offsets, elements<T> dst, BucketOf bucket_of) {
    if (src.values)
      scatter_elements<true>(src, n, buckets, offsets, dst, bucket_of);
    else
      scatter_elements<false>(src, n, buckets, offsets, dst, bucket_of);
  }

  /// The keys-only scatter of src[0..n) into bucket_chunks.hpp's chunk lists, in input order
  /// within each bucket: no counts needed before it. `chunks` was begun for these buckets.
  template <class BucketOf>
  void scatter_to_chunks(const T* src, std::uint64_t n, bucket_chunks<T>& chunks,
                         BucketOf bucket_of) {
    std::uint64_t* const counts = chunks.counts();
    gather<false>(elements<const T>{src, nullptr}, n, counts, bucket_of,
                  [&](unsigned d, std::uint64_t line) {
                    stream_line(chunks.line_at(d, line), keys_.data() + d * per_line);
                  });
    for (unsigned d = 0; d < chunks.buckets(); ++d) {  // each bucket's last, partial line
      const std::uint64_t left = counts[d] % per_line;
      if (left)
        std::memcpy(chunks.line_at(d, counts[d] - left), keys_.data() + d * per_line,
                    left * sizeof(T));
    }
    finish_streaming();
  }

 private:
  /// The one loop of every scatter: element i goes to slot positions[d]++ of bucket d =
  /// bucket_of(key i), into the bucket's line; `full_line(d, line)` writes bucket d's line when
  /// it has just taken its last slot, the one of positions [line, line + per_line).
  template <bool Pairs, class BucketOf, class FullLine>
  void gather(elements<const T> src, std::uint64_t n, std::uint64_t* positions, BucketOf bucket_of,
              FullLine full_line) {
    T* key_lines = keys_.data();
    T* value_lines = values_.data();
    for_each_key<key_source::memory>(src.keys, n, [&](T k, std::uint64_t i) PARPRIM_ALWAYS_INLINE {
      const unsigned d = bucket_of(k);
      const std::uint64_t at = positions[d]++;
      const std::size_t slot = at % per_line;
      key_lines[d * per_line + slot] = k;
      if constexpr (Pairs) value_lines[d * per_line + slot] = src.values[i];
      if (slot == per_line - 1) full_line(d, at - slot);
    });
  }

  template <bool Pairs, class BucketOf>
  void scatter_elements(elements<const T> src, std::uint64_t n, std::uint32_t buckets,
                        std::uint64_t* offsets, elements<T> dst, BucketOf bucket_of) {
    std::uint64_t begin[Buckets];
    std::copy(offsets, offsets + buckets, begin);
    const bool stream = line_aligned(dst.keys) && (!Pairs || line_aligned(dst.values));
    gather<Pairs>(src, n, offsets, bucket_of, [&](unsigned d, std::uint64_t line) {
      write_line<Pairs>(d, line, begin[d], stream, dst);
    });
    // What no full line took: each bucket's last, partial line.
    for (unsigned d = 0; d < buckets; ++d) {
      const std::uint64_t end = offsets[d];
      const std::uint64_t line = end - end % per_line;
      if (end % per_line) flush<Pairs>(d, std::max(line, begin[d]), end, dst);
    }
    finish_streaming();
  }

  // Bucket d's buffer holds the whole line starting at `line`: streamed, unless the line
  // begins before the bucket does (its head belongs to the bucket before).
  template <bool Pairs>
  void write_line(unsigned d, std::uint64_t line, std::uint64_t bucket_begin, bool stream,
                  elements<T> dst) {
    if (stream && line >= bucket_begin) {
      stream_line(dst.keys + line, keys_.data() + d * per_line);
      if constexpr (Pairs) stream_line(dst.values + line, values_.data() + d * per_line);
    } else {
      flush<Pairs>(d, std::max(line, bucket_begin), line + per_line, dst);
    }
  }

  // Writes the buffered elements of [from, to) (within one line) of bucket d plainly.
  template <bool Pairs>
  void flush(unsigned d, std::uint64_t from, std::uint64_t to, elements<T> dst) {
    const std::size_t first = from % per_line, count = to - from;
    std::memcpy(dst.keys + from, keys_.data() + d * per_line + first, count * sizeof(T));
    if constexpr (Pairs)
      std::memcpy(dst.values + from, values_.data() + d * per_line + first, count * sizeof(T));
  }

  aligned_array<T> keys_, values_;  // a cache line per bucket, each starting on a line
};

}  // namespace parprim::host
