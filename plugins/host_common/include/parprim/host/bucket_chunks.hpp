// Buckets as lists of fixed chunks, for a split that is not counted first (docs/algorithms/
// cpu_sort.md, step 21). A counted split reads the array once to learn where each bucket starts
// in one output array; here each bucket's lines go to its current chunk, and a full chunk is
// followed by the next free one of a pool, so the split is the array's first read. The buckets'
// sizes are known once it ends; each is then copied out of its chunks, in order (input order
// within a bucket, so the split stays stable), into the cache sort's input.
//
// The pool is the sort's spare array, cut into whole chunks, and beyond it a slack of one chunk
// a bucket: the buckets' last chunks are partly empty, and n keys in B buckets never take more
// than floor(n / C) + B chunks of C keys.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/streaming_store.hpp"

namespace parprim::host {

template <class T>
class bucket_chunks {
 public:
  static constexpr std::uint64_t per_line = cache_line / sizeof(T);
  static constexpr std::uint64_t none = ~std::uint64_t{0};

  /// The chunk size for n keys in `buckets`: the largest power of two of at most `max_bytes`
  /// that keeps the slack (a chunk a bucket) within a quarter of the array; 0 where that is
  /// under `min_bytes` (the split is then counted: too little array for its buckets' chunks).
  static std::uint64_t chunk_keys_for(std::uint64_t n, std::uint32_t buckets,
                                      std::uint64_t min_bytes, std::uint64_t max_bytes) {
    const std::uint64_t fit = std::bit_floor(n / (4 * std::uint64_t{buckets}));
    const std::uint64_t keys = std::min(fit, max_bytes / sizeof(T));
    const std::uint64_t least = std::max(min_bytes / sizeof(T), per_line);
    return keys >= least ? keys : 0;
  }

  /// Makes room for the chunks of n keys in `buckets` buckets of chunk_keys each (allocates the
  /// slack and the chunks' links; outside any timed run).
  void reserve(std::uint64_t n, std::uint32_t buckets, std::uint64_t chunk_keys) {
    const std::uint64_t chunks = n / chunk_keys + buckets;
    if (slack_.size() < buckets * chunk_keys) slack_ = aligned_array<T>(buckets * chunk_keys);
    slack_data_ = slack_.data();
    if (next_.size() < chunks) next_.resize(chunks);
    if (head_.size() < buckets) {
      head_.resize(buckets);
      tail_.resize(buckets);
      counts_.resize(buckets);
    }
  }

  /// Whether reserve() made room for begin()'s arguments.
  bool reserved(std::uint64_t n, std::uint32_t buckets, std::uint64_t chunk_keys) const {
    return chunk_keys > 0 && slack_.size() >= buckets * chunk_keys &&
           next_.size() >= n / chunk_keys + buckets && head_.size() >= buckets;
  }

  /// Empties every bucket; chunks are taken from spare[0..n) (line-aligned) and the slack.
  void begin(T* spare, std::uint64_t n, std::uint32_t buckets, std::uint64_t chunk_keys) {
    spare_ = spare;
    spare_chunks_ = n / chunk_keys;
    chunk_keys_ = chunk_keys;
    buckets_ = buckets;
    taken_ = 0;
    std::fill_n(head_.begin(), buckets, none);
    std::fill_n(counts_.begin(), buckets, 0);
  }

  std::uint32_t buckets() const { return buckets_; }
  /// Each bucket's keys so far (the scatter counts them here as it goes).
  std::uint64_t* counts() { return counts_.data(); }
  const std::uint64_t* counts() const { return counts_.data(); }

  /// Where bucket d's line of positions [position, position + per_line) goes: in its last
  /// chunk, or at the start of a new one when the position is the first of a chunk. Lines are
  /// asked for in order, each once.
  T* line_at(unsigned d, std::uint64_t position) {
    const std::uint64_t offset = position % chunk_keys_;
    if (offset == 0) {
      if (taken_ >= next_.size()) throw std::logic_error("bucket_chunks: the pool ran out");
      const std::uint64_t c = taken_++;
      next_[c] = none;
      if (head_[d] == none)
        head_[d] = c;
      else
        next_[tail_[d]] = c;
      tail_[d] = c;
    }
    return chunk(tail_[d]) + offset;
  }

  /// Calls run(keys, count) for each chunk's part of bucket d's counts()[d] keys, in order.
  template <class Run>
  void for_each_run(unsigned d, Run run) const {
    std::uint64_t left = counts_[d];
    for (std::uint64_t c = head_[d]; left > 0; c = next_[c]) {
      const std::uint64_t take = std::min(left, chunk_keys_);
      run(static_cast<const T*>(chunk(c)), take);
      left -= take;
    }
  }

  /// Copies bucket d's counts()[d] keys, in order, to dst; returns their count.
  std::uint64_t copy_out(unsigned d, T* dst) const {
    for_each_run(d, [&](const T* keys, std::uint64_t count) {
      std::memcpy(dst, keys, count * sizeof(T));
      dst += count;
    });
    return counts_[d];
  }

 private:
  T* chunk(std::uint64_t c) const {
    return c < spare_chunks_ ? spare_ + c * chunk_keys_
                             : slack_data_ + (c - spare_chunks_) * chunk_keys_;
  }

  aligned_array<T> slack_;
  std::vector<std::uint64_t> next_;  // the chunk after each in its bucket, or none
  std::vector<std::uint64_t> head_, tail_, counts_;
  T* slack_data_ = nullptr;
  T* spare_ = nullptr;
  std::uint64_t spare_chunks_ = 0, chunk_keys_ = 0, taken_ = 0;
  std::uint32_t buckets_ = 0;
};

}  // namespace parprim::host
