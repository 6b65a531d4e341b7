// Output buffers for chained_parts' plans whose part's output size is known only once the part is
// worked (compaction, UTF-8 decoding and encoding): one for each part a worker may hold, that is
// for each worker of an arena and each of chained_parts' slots.
//
// A worker writes its part's output into its slot's buffer while it counts the part
// (chained_parts' reduce), so the part is worked once, not counted and then written. Once the
// part's offset is known (its finish), the buffer goes to its place. A buffer is sized to stay in
// the worker's L2 with its part, and the place is written with streaming stores when the output is
// larger than a cache can hold (host::streams_output): a plain store would first read each output
// line from memory (read-for-ownership), which the copy a plan is measured against does not.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include <oneapi/tbb/task_arena.h>

#include "chained_parts.hpp"
#include "parprim/host/streaming_store.hpp"

namespace parprim::cpu_tbb {

template <class T>
class worker_buffers {
 public:
  /// `elements`: the most one part writes, plus whatever a vector path stores past its count.
  /// `stream`: whether place() writes with streaming stores.
  worker_buffers(const tbb::task_arena& arena, std::size_t elements, bool stream)
      : stream_(stream),
        buffers_(static_cast<std::size_t>(arena.max_concurrency()) * held_parts,
                 std::vector<T>(elements)) {}

  /// The calling worker's buffer for `slot` (< held_parts; the worker must run in the arena
  /// given at construction).
  T* own(unsigned slot) {
    const auto worker = static_cast<std::size_t>(tbb::this_task_arena::current_thread_index());
    return buffers_[worker * held_parts + slot].data();
  }

  /// Copies the first n elements of the calling worker's buffer for `slot` to `destination`.
  /// Streamed lines are ordered before the worker's task ends, so that the run's join
  /// publishes them.
  void place(unsigned slot, T* destination, std::uint64_t n) {
    if (!stream_) {
      std::memcpy(destination, own(slot), n * sizeof(T));
      return;
    }
    host::stream_copy(destination, own(slot), n);
    host::finish_streaming();
  }

 private:
  bool stream_;
  std::vector<std::vector<T>> buffers_;
};

}  // namespace parprim::cpu_tbb
