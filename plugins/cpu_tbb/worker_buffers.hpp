// Output buffers for chained_parts' plans whose part's output size is known only once the part is
// worked (compaction, UTF-8 decoding and encoding): for each worker of an arena, one for each
// part it may hold (chained_parts' slots) and, for a plan that places its outputs later, one for
// each output still being streamed out.
//
// A worker writes its part's output into its slot's buffer while it counts the part
// (chained_parts' reduce), so the part is worked once, not counted and then written. Once the
// part's offset is known (its finish), the buffer goes to its place. A buffer is sized to stay in
// the worker's L2 with its part, and the place is written with streaming stores when the output is
// larger than a cache can hold (host::streams_output): a plain store would first read each output
// line from memory (read-for-ownership), which the copy a plan is measured against does not.
//
// Streaming a whole output at once is store-bound: the core waits on its write-combining buffers
// and computes nothing meanwhile. place_later() queues the output instead, and drain_some(),
// called between steps of the worker's next part, streams a few lines of it at a time, so that
// the lines drain while the worker computes (docs/algorithms/utf8.md, step 22).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "chained_parts.hpp"
#include "parprim/host/streaming_store.hpp"

namespace parprim::cpu_tbb {

/// Outputs a worker may have queued by place_later() and not yet streamed out; a third waits
/// for the oldest to be streamed whole.
inline constexpr unsigned queued_outputs = 2;

template <class T>
class worker_buffers {
  static constexpr unsigned buffers_a_worker = held_parts + queued_outputs;

 public:
  /// One worker's buffers and queue. Only that worker touches it.
  class alignas(host::cache_line) worker {
   public:
    /// The buffer of `slot` (< held_parts).
    T* own(unsigned slot) { return slot_buffer_[slot]; }

    /// Queues the first n elements of slot's buffer for `destination` and gives the slot a
    /// free buffer; with the queue full, the oldest output is streamed whole first. The partial
    /// lines at the destination's ends are stored now, plainly, so that the queue holds whole
    /// lines only.
    void place_later(unsigned slot, T* destination, std::uint64_t n) {
      const T* source = slot_buffer_[slot];
      const std::uint64_t head = std::min<std::uint64_t>(
          (host::cache_line - reinterpret_cast<std::uintptr_t>(destination) % host::cache_line) %
              host::cache_line / sizeof(T),
          n);
      const std::uint64_t lines = (n - head) / per_line;
      if (lines == 0 || reinterpret_cast<std::uintptr_t>(destination) % sizeof(T) != 0) {
        host::stream_copy(destination, source, n);  // no whole line to stream later
        return;
      }
      const std::uint64_t whole_end = head + lines * per_line;
      std::memcpy(destination, source, head * sizeof(T));
      std::memcpy(destination + whole_end, source + whole_end, (n - whole_end) * sizeof(T));
      if (queued_ == queued_outputs) drain_oldest();
      queue_[(first_ + queued_) % queued_outputs] = {source + head, destination + head, lines,
                                                     slot_buffer_[slot]};
      ++queued_;
      lines_left_ += lines;
      slot_buffer_[slot] = free_[--free_count_];
    }

    /// Called once a 64-byte block of the next part's input: every fourth call streams a few
    /// lines of the oldest queued output, eight, and four more for each 1024 lines left in the
    /// queue (a part's worth: 1024 calls), so that the queue empties about as fast as the worker
    /// decodes. The calls between cost a test and a count; no call is made from here, so that
    /// the decoder's loop around it keeps its registers.
    void drain_some() {
      if (queued_ == 0 || --calls_to_skip_ != 0) return;
      calls_to_skip_ = calls_a_step;
      queued_output& q = queue_[first_];
      const std::uint64_t step =
          std::min<std::uint64_t>(calls_a_step * (2 + lines_left_ / 1024), q.lines);
      for (std::uint64_t k = 0; k < step; ++k)
        host::stream_line(q.destination + k * per_line, q.source + k * per_line);
      q.source += step * per_line;
      q.destination += step * per_line;
      q.lines -= step;
      lines_left_ -= step;
      if (q.lines == 0) retire_oldest();
    }

    /// Streams every queued output whole and orders the streamed lines before the worker's
    /// task ends, so that the run's join publishes them.
    void drain_all() {
      while (queued_ != 0) drain_oldest();
      host::finish_streaming();
    }

   private:
    friend class worker_buffers;
    static constexpr std::uint64_t per_line = host::cache_line / sizeof(T);
    static constexpr unsigned calls_a_step = 4;

    /// Whole lines still to stream: `lines` lines from `source` to the line-aligned
    /// `destination`; `buffer` goes back to the free ones when they are done.
    struct queued_output {
      const T* source;
      T* destination;
      std::uint64_t lines;
      T* buffer = nullptr;
    };

    void drain_oldest() {
      queued_output& q = queue_[first_];
      for (std::uint64_t k = 0; k < q.lines; ++k)
        host::stream_line(q.destination + k * per_line, q.source + k * per_line);
      lines_left_ -= q.lines;
      retire_oldest();
    }

    void retire_oldest() {
      free_[free_count_++] = queue_[first_].buffer;
      first_ = (first_ + 1) % queued_outputs;
      --queued_;
    }

    T* slot_buffer_[held_parts] = {};
    T* free_[buffers_a_worker] = {};
    unsigned free_count_ = 0;
    queued_output queue_[queued_outputs] = {};
    unsigned first_ = 0, queued_ = 0;
    std::uint64_t lines_left_ = 0;
    unsigned calls_to_skip_ = calls_a_step;
  };

  /// `elements`: the most one part writes, plus whatever a vector path stores past its count.
  /// `stream`: whether outputs are written with streaming stores (place_later() needs it).
  worker_buffers(const tbb::task_arena& arena, std::size_t elements, bool stream)
      : stream_(stream),
        workers_(static_cast<std::size_t>(arena.max_concurrency())),
        storage_(workers_.size() * buffers_a_worker, std::vector<T>(elements)) {
    for (std::size_t w = 0; w < workers_.size(); ++w) {
      worker& state = workers_[w];
      for (unsigned b = 0; b < buffers_a_worker; ++b) {
        T* buffer = storage_[w * buffers_a_worker + b].data();
        if (b < held_parts)
          state.slot_buffer_[b] = buffer;
        else
          state.free_[state.free_count_++] = buffer;
      }
    }
  }

  /// The calling worker's state (the worker must run in the arena given at construction).
  worker& own_worker() {
    return workers_[static_cast<std::size_t>(tbb::this_task_arena::current_thread_index())];
  }

  /// The calling worker's buffer for `slot` (< held_parts).
  T* own(unsigned slot) { return own_worker().own(slot); }

  /// Copies the first n elements of the calling worker's buffer for `slot` to `destination`,
  /// now. Streamed lines are ordered before the worker's task ends, so that the run's join
  /// publishes them.
  void place(unsigned slot, T* destination, std::uint64_t n) {
    if (!stream_) {
      std::memcpy(destination, own(slot), n * sizeof(T));
      return;
    }
    host::stream_copy(destination, own(slot), n);
    host::finish_streaming();
  }

  /// place(), or, when streamed, queued for the worker's drain_some() and drain_all().
  void place_later(unsigned slot, T* destination, std::uint64_t n) {
    if (!stream_) return place(slot, destination, n);
    own_worker().place_later(slot, destination, n);
  }

 private:
  bool stream_;
  std::vector<worker> workers_;
  std::vector<std::vector<T>> storage_;
};

}  // namespace parprim::cpu_tbb
