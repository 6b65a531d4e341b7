// Output buffers of the workers of an arena, for chained_parts' plans whose part's output size
// is known only once the part is worked (compaction, UTF-8 decoding and encoding).
//
// A worker writes its part's output into its own buffer while it counts the part (chained_parts'
// reduce), so the part is worked once, not counted and then written. Once the part's offset is
// known (its finish), the buffer goes to its place. A buffer is sized to stay in the worker's L2
// with its part, and the place is written with streaming stores when the output is larger than
// a cache can hold (host::streams_output): a plain store would first read each output line from
// memory (read-for-ownership), which the copy a plan is measured against does not.
//
// Placed at once (place), a part's output goes to memory while its worker does nothing else, so
// that the worker's time is its work plus its writes (docs/algorithms/utf8.md, step 14). Placed
// later (place_later), the output waits in the worker's second buffer and goes out a piece at
// a time (place_piece) between slices of the worker's next part, so that the lines drain to
// memory while the worker computes; place_pending places what is left when the worker leaves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "parprim/host/streaming_store.hpp"

namespace parprim::cpu_tbb {

template <class T>
class worker_buffers {
 public:
  /// `elements`: the most one part writes, plus whatever a vector path stores past its count.
  /// `stream`: whether placing writes with streaming stores.
  worker_buffers(const tbb::task_arena& arena, std::size_t elements, bool stream)
      : stream_(stream), workers_(static_cast<std::size_t>(arena.max_concurrency())) {
    for (worker& w : workers_)
      for (std::vector<T>& b : w.buffers) b.resize(elements);
  }

  /// The calling worker's buffer for its next part (the worker must run in the arena given at
  /// construction).
  T* own() { return mine().current().data(); }

  /// Copies the first n elements of the calling worker's buffer to `destination` now. Streamed
  /// lines are ordered before the worker's task ends, so that the run's join publishes them.
  void place(T* destination, std::uint64_t n) {
    copy(destination, own(), n);
    if (stream_) host::finish_streaming();
  }

  /// The first n elements of the calling worker's buffer go to `destination` later: in pieces
  /// during its next part, or at place_pending. The worker's next part gets its other buffer.
  void place_later(T* destination, std::uint64_t n) {
    worker& w = mine();
    place_rest(w);  // a pending output not placed piece by piece in full (a part of few pieces)
    w.destination = destination;
    w.pending = n;
    w.placed = 0;
    w.which ^= 1;  // the filled buffer is now the other one
  }

  /// Places the pending output through `piece` + 1 of `pieces` equal pieces (each piece's end
  /// rounded down to a line of the destination, so that no line is written by two pieces).
  void place_piece(std::uint64_t piece, std::uint64_t pieces) {
    worker& w = mine();
    if (w.placed == w.pending) return;
    std::uint64_t through = w.pending * (piece + 1) / pieces;
    if (through < w.pending) {
      constexpr std::uint64_t per_line = host::cache_line / sizeof(T);
      const std::uint64_t line_offset =
          reinterpret_cast<std::uintptr_t>(w.destination) % host::cache_line / sizeof(T);
      const std::uint64_t aligned = (through + line_offset) / per_line * per_line;
      through = aligned > line_offset ? aligned - line_offset : 0;
    }
    if (through <= w.placed) return;
    copy(w.destination + w.placed, w.pending_buffer().data() + w.placed, through - w.placed);
    w.placed = through;
  }

  /// Places what is left of the calling worker's pending output, and orders its streamed lines
  /// before the worker's task ends.
  void place_pending() {
    place_rest(mine());
    if (stream_) host::finish_streaming();
  }

 private:
  struct alignas(64) worker {
    std::vector<T> buffers[2];
    unsigned which = 0;  // the buffer the next part writes
    T* destination = nullptr;
    std::uint64_t pending = 0, placed = 0;  // elements of the other buffer, and placed so far
    std::vector<T>& current() { return buffers[which]; }
    std::vector<T>& pending_buffer() { return buffers[which ^ 1]; }
  };

  worker& mine() { return workers_[tbb::this_task_arena::current_thread_index()]; }

  void place_rest(worker& w) {
    if (w.placed < w.pending)
      copy(w.destination + w.placed, w.pending_buffer().data() + w.placed, w.pending - w.placed);
    w.placed = w.pending = 0;
  }

  void copy(T* destination, const T* source, std::uint64_t n) {
    if (stream_)
      host::stream_copy(destination, source, n);
    else
      std::memcpy(destination, source, n * sizeof(T));
  }

  bool stream_;
  std::vector<worker> workers_;
};

}  // namespace parprim::cpu_tbb
