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
    gather<false>(elements<const T>{src, nullptr}, n, chunks.buckets(), counts, bucket_of,
                  [&](unsigned d, std::uint64_t line, T last_key, T) {
                    stream_line_ending(chunks.line_at(d, line), keys_.data() + d * per_line,
                                       last_key);
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
  /// bucket_of(key i), into the bucket's line. The element that would take a line's last slot
  /// is not stored there: `full_line(d, line, key, value)` writes bucket d's line, the one of
  /// positions [line, line + per_line), with that element from registers (value is T{} for
  /// keys only). Storing it and reading the line back at once would stall on the store
  /// (streaming_store.hpp, stream_line_ending).
  ///
  /// So a key line's last slot never holds a key, and it holds the bucket's count of buffered
  /// keys instead (step 48, docs/algorithms/cpu_sort.md): a key then touches one line, its
  /// bucket's, where a separate array of positions made it touch two, which L1 cannot hold
  /// together for 2048 buckets (the key's store waited on its position's load from L2). During
  /// the loop positions[d] is the start of bucket d's line, advanced once a line; it is made
  /// whole again after the loop. The first `buckets` positions are the scatter's.
  template <bool Pairs, class BucketOf, class FullLine>
  void gather(elements<const T> src, std::uint64_t n, std::uint32_t buckets,
              std::uint64_t* positions, BucketOf bucket_of, FullLine full_line) {
    T* key_lines = keys_.data();
    T* value_lines = values_.data();
    for (unsigned d = 0; d < buckets; ++d) {
      const std::uint64_t slot = positions[d] % per_line;
      set_fill(key_lines + d * per_line, slot);
      positions[d] -= slot;
    }
    for_each_key<key_source::memory>(src.keys, n, [&](T k, std::uint64_t i) PARPRIM_ALWAYS_INLINE {
      const unsigned d = bucket_of(k);
      T* const key_line = key_lines + d * per_line;
      const std::size_t slot = fill_of(key_line);
      const T v = Pairs ? src.values[i] : T{};
      if (slot == per_line - 1) {
        full_line(d, positions[d], k, v);
        positions[d] += per_line;
        set_fill(key_line, 0);
        return;
      }
      key_line[slot] = k;
      set_fill(key_line, slot + 1);
      if constexpr (Pairs) value_lines[d * per_line + slot] = v;
    });
    for (unsigned d = 0; d < buckets; ++d) positions[d] += fill_of(key_lines + d * per_line);
  }

  // A key line's count of buffered keys, in its last slot as an unsigned integer of T's size,
  // the type of T's radix key (through memcpy: a float line holds it bit for bit).
  using fill_type = radix_key_t<T>;
  static std::size_t fill_of(const T* key_line) {
    fill_type fill;
    std::memcpy(&fill, key_line + per_line - 1, sizeof fill);
    return static_cast<std::size_t>(fill);
  }
  static void set_fill(T* key_line, std::size_t fill) {
    const auto value = static_cast<fill_type>(fill);
    std::memcpy(key_line + per_line - 1, &value, sizeof value);
  }

  template <bool Pairs, class BucketOf>
  void scatter_elements(elements<const T> src, std::uint64_t n, std::uint32_t buckets,
                        std::uint64_t* offsets, elements<T> dst, BucketOf bucket_of) {
    std::uint64_t begin[Buckets];
    std::copy(offsets, offsets + buckets, begin);
    const bool stream = line_aligned(dst.keys) && (!Pairs || line_aligned(dst.values));
    gather<Pairs>(src, n, buckets, offsets, bucket_of,
                  [&](unsigned d, std::uint64_t line, T last_key, T last_value) {
                    write_line<Pairs>(d, line, begin[d], stream, dst, last_key, last_value);
                  });
    // What no full line took: each bucket's last, partial line.
    for (unsigned d = 0; d < buckets; ++d) {
      const std::uint64_t end = offsets[d];
      const std::uint64_t line = end - end % per_line;
      if (end % per_line) flush<Pairs>(d, std::max(line, begin[d]), end, dst);
    }
    finish_streaming();
  }

  // Bucket d's buffer holds the line starting at `line` but for its last element, given here:
  // streamed, unless the line begins before the bucket does (its head belongs to the bucket
  // before) or the output is not line-aligned; then the element goes to the buffer and the
  // line's part of the bucket is stored plainly.
  template <bool Pairs>
  void write_line(unsigned d, std::uint64_t line, std::uint64_t bucket_begin, bool stream,
                  elements<T> dst, T last_key, T last_value) {
    T* const key_line = keys_.data() + d * per_line;
    T* const value_line = Pairs ? values_.data() + d * per_line : nullptr;
    if (stream && line >= bucket_begin) {
      stream_line_ending(dst.keys + line, key_line, last_key);
      if constexpr (Pairs) stream_line_ending(dst.values + line, value_line, last_value);
    } else {
      key_line[per_line - 1] = last_key;
      if constexpr (Pairs) value_line[per_line - 1] = last_value;
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
