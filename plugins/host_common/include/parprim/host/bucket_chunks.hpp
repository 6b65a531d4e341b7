// Buckets as lists of fixed chunks, for a split that is not counted first (docs/algorithms/
// cpu_sort.md, step 21). A counted split reads the array once to learn where each bucket starts
// in one output array; here each bucket's lines go to its current chunk, and a full chunk is
// followed by the next free one of a pool, so the split is the array's first read. The buckets'
// sizes are known once it ends; each is then copied out of its chunks, in order, into the cache
// sort's input.
//
// Several writers may split parts of one array at once (cpu_tbb's blocks), each with lists of
// its own, taking chunks from the one pool; bucket d is then writer 0's keys of d, then writer
// 1's, and so on: in input order when the writers' parts are in order, so the split stays
// stable. The pool is the sort's spare array, cut into whole chunks, and beyond it a slack of a
// chunk for each writer's bucket: the lists' last chunks are partly empty, and n keys in L lists
// never take more than floor(n / C) + L chunks of C keys.
#pragma once

#include <algorithm>
#include <atomic>
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

  /// The chunk size for n keys in `lists` lists (writers times buckets): the largest power of
  /// two of at most `max_bytes` that keeps the slack (a chunk a list) within a quarter of the
  /// array; 0 where that is under `min_bytes` (the split is then counted: too little array for
  /// its lists' chunks).
  static std::uint64_t chunk_keys_for(std::uint64_t n, std::uint64_t lists, std::uint64_t min_bytes,
                                      std::uint64_t max_bytes) {
    const std::uint64_t fit = std::bit_floor(n / (4 * lists));
    const std::uint64_t keys = std::min(fit, max_bytes / sizeof(T));
    const std::uint64_t least = std::max(min_bytes / sizeof(T), per_line);
    return keys >= least ? keys : 0;
  }

  /// Makes room for the chunks of n keys split by `writers` writers into `buckets` buckets, in
  /// chunks of chunk_keys (allocates the slack and the lists; outside any timed run).
  void reserve(std::uint64_t n, std::uint32_t writers, std::uint32_t buckets,
               std::uint64_t chunk_keys) {
    const std::uint64_t lists = std::uint64_t{writers} * buckets;
    if (slack_.size() < lists * chunk_keys) slack_ = aligned_array<T>(lists * chunk_keys);
    slack_data_ = slack_.data();
    if (next_.size() < n / chunk_keys + lists) next_.resize(n / chunk_keys + lists);
    if (head_.size() < lists) {
      head_.resize(lists);
      tail_.resize(lists);
      counts_.resize(lists);
    }
  }

  /// Whether reserve() made room for begin()'s arguments.
  bool reserved(std::uint64_t n, std::uint32_t writers, std::uint32_t buckets,
                std::uint64_t chunk_keys) const {
    const std::uint64_t lists = std::uint64_t{writers} * buckets;
    return chunk_keys > 0 && slack_.size() >= lists * chunk_keys &&
           next_.size() >= n / chunk_keys + lists && head_.size() >= lists;
  }

  /// Empties every list; chunks are taken from spare[0..n) (line-aligned) and the slack.
  void begin(T* spare, std::uint64_t n, std::uint32_t writers, std::uint32_t buckets,
             std::uint64_t chunk_keys) {
    spare_ = spare;
    spare_chunks_ = n / chunk_keys;
    chunk_keys_ = chunk_keys;
    writers_ = writers;
    buckets_ = buckets;
    capacity_ = std::min<std::uint64_t>(next_.size(), spare_chunks_ + slack_.size() / chunk_keys);
    taken_.store(0, std::memory_order_relaxed);
    std::fill_n(head_.begin(), std::uint64_t{writers} * buckets, none);
    std::fill_n(counts_.begin(), std::uint64_t{writers} * buckets, 0);
  }

  std::uint32_t buckets() const { return buckets_; }

  /// One writer's lists: what a scatter fills (write_combining_buffers::scatter_to_chunks).
  class writer {
   public:
    std::uint32_t buckets() const { return chunks_->buckets_; }
    /// Each bucket's keys so far (the scatter counts them here as it goes).
    std::uint64_t* counts() { return chunks_->counts_.data() + first_; }

    /// Where bucket d's line of positions [position, position + per_line) goes: in its last
    /// chunk, or at the start of a new one when the position is the first of a chunk. Lines
    /// are asked for in order, each once.
    T* line_at(unsigned d, std::uint64_t position) {
      bucket_chunks& c = *chunks_;
      const std::uint64_t list = first_ + d;
      const std::uint64_t offset = position % c.chunk_keys_;
      if (offset == 0) {
        const std::uint64_t chunk = c.taken_.fetch_add(1, std::memory_order_relaxed);
        if (chunk >= c.capacity_) throw std::logic_error("bucket_chunks: the pool ran out");
        c.next_[chunk] = none;
        if (c.head_[list] == none)
          c.head_[list] = chunk;
        else
          c.next_[c.tail_[list]] = chunk;
        c.tail_[list] = chunk;
      }
      return c.chunk(c.tail_[list]) + offset;
    }

   private:
    friend class bucket_chunks;
    writer(bucket_chunks* chunks, std::uint64_t first) : chunks_(chunks), first_(first) {}
    bucket_chunks* chunks_;
    std::uint64_t first_;  // its bucket 0's list
  };

  writer writer_of(std::uint32_t w) { return writer(this, std::uint64_t{w} * buckets_); }

  /// Bucket d's keys: every writer's.
  std::uint64_t count(unsigned d) const {
    std::uint64_t sum = 0;
    for (std::uint32_t w = 0; w < writers_; ++w) sum += counts_[std::uint64_t{w} * buckets_ + d];
    return sum;
  }

  /// Copies bucket d's keys, writer by writer and each in order, to dst.
  void copy_out(unsigned d, T* dst) const {
    for (std::uint32_t w = 0; w < writers_; ++w) {
      const std::uint64_t list = std::uint64_t{w} * buckets_ + d;
      std::uint64_t left = counts_[list];
      for (std::uint64_t c = head_[list]; left > 0; c = next_[c]) {
        const std::uint64_t take = std::min(left, chunk_keys_);
        std::memcpy(dst, chunk(c), take * sizeof(T));
        dst += take;
        left -= take;
      }
    }
  }

 private:
  T* chunk(std::uint64_t c) const {
    return c < spare_chunks_ ? spare_ + c * chunk_keys_
                             : slack_data_ + (c - spare_chunks_) * chunk_keys_;
  }

  aligned_array<T> slack_;
  std::vector<std::uint64_t> next_;                  // the chunk after each in its list, or none
  std::vector<std::uint64_t> head_, tail_, counts_;  // by list: writer * buckets + bucket
  std::atomic<std::uint64_t> taken_{0};
  T* slack_data_ = nullptr;
  T* spare_ = nullptr;
  std::uint64_t spare_chunks_ = 0, chunk_keys_ = 0, capacity_ = 0;
  std::uint32_t writers_ = 0, buckets_ = 0;
};

}  // namespace parprim::host
