// One output buffer per worker of an arena, for chained_parts' plans whose part's output size is
// known only once the part is worked (compaction, UTF-8 decoding and encoding).
//
// A worker writes its part's output into its own buffer while it counts the part (chained_parts'
// reduce), so the part is worked once, not counted and then written. Once the part's offset is
// known (its finish), the buffer goes to its place. A buffer is sized to stay in the worker's L2
// with its part, and the place is written with streaming stores when the output is larger than
// a cache can hold (host::streams_output): a plain store would first read each output line from
// memory (read-for-ownership), which the copy a plan is measured against does not.
#pragma once

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
  /// `stream`: whether place() writes with streaming stores.
  worker_buffers(const tbb::task_arena& arena, std::size_t elements, bool stream)
      : stream_(stream),
        buffers_(static_cast<std::size_t>(arena.max_concurrency()), std::vector<T>(elements)) {}

  /// The calling worker's buffer (the worker must run in the arena given at construction).
  T* own() { return buffers_[tbb::this_task_arena::current_thread_index()].data(); }

  /// Copies the first n elements of the calling worker's buffer to `destination`. Streamed
  /// lines are ordered before the worker's task ends, so that the run's join publishes them.
  void place(T* destination, std::uint64_t n) {
    if (!stream_) {
      std::memcpy(destination, own(), n * sizeof(T));
      return;
    }
    host::stream_copy(destination, own(), n);
    host::finish_streaming();
  }

 private:
  bool stream_;
  std::vector<std::vector<T>> buffers_;
};

}  // namespace parprim::cpu_tbb
