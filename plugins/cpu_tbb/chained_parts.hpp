// A single pass over an array cut into parts, each needing the combined result of all parts
// before it (a scan's carry, a compaction's output offset).
//
// Workers take parts in order from a ticket counter. For its part a worker first reduces it
// (which brings the part into its cache) and publishes the part's aggregate at once; the part's
// prefix is then the combination of the aggregates before it, looked back over until a part
// that has published its inclusive prefix (the decoupled look-back of the GPU scans, on
// threads). The worker finishes the part (re-reading it from cache) once that prefix is known.
// The array is read from memory once, where a reduce-then-scan over the whole array reads it
// twice.
//
// A worker holds up to `held_parts` parts reduced and not yet finished, each in a slot of its
// own (the caller's buffers are per worker and slot): while its oldest part waits for a part
// before it that another worker is still reducing, it reduces the next one instead of idling.
// With one part a worker, each part's end waited for the slowest part claimed before it
// (docs/algorithms/utf8.md, step 20). Every part before a held one was claimed earlier by a
// worker that reduces a part as soon as it claims it, so every wait ends.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace parprim::cpu_tbb {

/// Parts a worker may hold reduced and unfinished. Two absorb the parts' spread in the model of
/// step 20; each held part keeps its input and its output in the worker's L2.
inline constexpr unsigned held_parts = 2;

template <class Carry>
class chained_parts {
 public:
  chained_parts(std::uint64_t n, std::uint64_t part_size)
      : n_(n),
        part_size_(part_size),
        parts_((n + part_size - 1) / part_size),
        state_(new std::atomic<std::uint8_t>[parts_ ? parts_ : 1]),
        aggregate_(parts_),
        inclusive_(parts_) {}

  /// reduce(begin, end, slot) -> Carry; combine(earlier, later) -> Carry;
  /// finish(begin, end, exclusive_prefix, aggregate, slot) does the part's real work, on the
  /// worker that reduced the part, later. `slot` (< held_parts) tells apart the parts one worker
  /// holds at once: a part's reduce and finish get the same slot, and no other part of that
  /// worker uses it in between.
  template <class Reduce, class Combine, class Finish>
  void run(tbb::task_arena& arena, Carry zero, Reduce reduce, Combine combine, Finish finish) {
    for (std::uint64_t i = 0; i < parts_; ++i) state_[i].store(empty, std::memory_order_relaxed);
    ticket_.store(0, std::memory_order_relaxed);
    const int workers = arena.max_concurrency();
    arena.execute(
        [&] { tbb::parallel_for(0, workers, [&](int) { work(zero, reduce, combine, finish); }); });
  }

 private:
  // A part's state: reduced (its aggregate published), then finished's prefix known (its
  // inclusive prefix published). Each is written once, by the part's worker, before its state.
  static constexpr std::uint8_t empty = 0, reduced = 1, prefixed = 2;

  /// A part a worker holds, with how far its look-back has got: the parts after `next` and
  /// before `index` are combined into `prefix` (when `partial`; none yet otherwise). The
  /// look-back is done when next < 0, and `prefix` is then the part's exclusive prefix. Its
  /// slot is its place in the worker's `held` array.
  struct held_part {
    std::uint64_t index;
    Carry aggregate;
    std::int64_t next;
    Carry prefix;
    bool partial;
  };

  template <class Reduce, class Combine, class Finish>
  void work(Carry zero, Reduce& reduce, Combine& combine, Finish& finish) {
    held_part held[held_parts];
    unsigned oldest = 0, count = 0;
    bool tickets_left = true;
    for (unsigned waits = 0;;) {
      if (count > 0) {
        held_part& h = held[oldest];
        if (look_back(h, zero, combine)) {
          inclusive_[h.index] = combine(h.prefix, h.aggregate);
          state_[h.index].store(prefixed, std::memory_order_release);
          const std::uint64_t begin = h.index * part_size_;
          finish(begin, std::min(n_, begin + part_size_), h.prefix, h.aggregate, oldest);
          oldest = (oldest + 1) % held_parts;
          --count;
          waits = 0;
          continue;
        }
      }
      if (count < held_parts && tickets_left) {
        const std::uint64_t i = ticket_.fetch_add(1, std::memory_order_relaxed);
        if (i >= parts_) {
          tickets_left = false;
          continue;
        }
        // The slot after the newest held part's: free, since count < held_parts.
        const unsigned slot = (oldest + count) % held_parts;
        held_part& h = held[slot];
        h.index = i;
        const std::uint64_t begin = i * part_size_;
        h.aggregate = reduce(begin, std::min(n_, begin + part_size_), slot);
        aggregate_[i] = h.aggregate;
        state_[i].store(reduced, std::memory_order_release);
        h.next = static_cast<std::int64_t>(i) - 1;
        h.prefix = zero;
        h.partial = false;
        ++count;
        waits = 0;
        continue;
      }
      // Here no part is left to claim or every slot holds one, and the oldest part still waits
      // (or there is none: the worker is done).
      if (count == 0) return;
#if defined(__x86_64__)
      _mm_pause();
#endif
      if (++waits > 64) std::this_thread::yield();  // oversubscribed: let the others run
    }
  }

  /// Combines into h.prefix the parts before h.index, back to the first one that has published
  /// its inclusive prefix, or from `zero` on when none has. False when a part on the way is not
  /// reduced yet; the next call goes on from there.
  template <class Combine>
  bool look_back(held_part& h, Carry zero, Combine& combine) {
    while (h.next >= 0) {
      const auto j = static_cast<std::uint64_t>(h.next);
      const std::uint8_t s = state_[j].load(std::memory_order_acquire);
      if (s == empty) return false;
      const Carry earlier = s == prefixed ? inclusive_[j] : aggregate_[j];
      h.prefix = h.partial ? combine(earlier, h.prefix) : earlier;
      h.partial = true;
      h.next = s == prefixed ? -1 : h.next - 1;
      if (h.next < 0 && s != prefixed) h.prefix = combine(zero, h.prefix);  // past part 0
    }
    return true;
  }

  std::uint64_t n_, part_size_, parts_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
  std::vector<Carry> aggregate_, inclusive_;
  std::atomic<std::uint64_t> ticket_{0};
};

}  // namespace parprim::cpu_tbb
