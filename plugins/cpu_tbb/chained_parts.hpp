// A single pass over an array cut into parts, each needing the combined result of all parts
// before it (a scan's carry, a compaction's output offset).
//
// Workers take parts in order from a ticket counter. For its part a worker first reduces it
// (which brings the part into its cache), then waits for the inclusive prefix its predecessor
// publishes, publishes its own, and finishes the part (re-reading it from cache). The array is
// read from memory once, where a reduce-then-scan over the whole array reads it twice. A part's
// predecessor was claimed earlier by a worker that is running, so the wait always ends.
#pragma once

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

template <class Carry>
class chained_parts {
 public:
  chained_parts(std::uint64_t n, std::uint64_t part_size)
      : n_(n),
        part_size_(part_size),
        parts_((n + part_size - 1) / part_size),
        ready_(new std::atomic<bool>[parts_ ? parts_ : 1]),
        inclusive_(parts_) {}

  /// reduce(begin, end) -> Carry; combine(Carry, Carry) -> Carry;
  /// finish(begin, end, exclusive_prefix, aggregate) does the part's real work, on the worker
  /// that reduced the part, right after it.
  template <class Reduce, class Combine, class Finish>
  void run(tbb::task_arena& arena, Carry zero, Reduce reduce, Combine combine, Finish finish) {
    for (std::uint64_t i = 0; i < parts_; ++i) ready_[i].store(false, std::memory_order_relaxed);
    ticket_.store(0, std::memory_order_relaxed);
    const int workers = arena.max_concurrency();
    arena.execute([&] {
      tbb::parallel_for(0, workers, [&](int) {
        for (std::uint64_t i; (i = ticket_.fetch_add(1, std::memory_order_relaxed)) < parts_;) {
          const std::uint64_t begin = i * part_size_;
          const std::uint64_t end = std::min(n_, begin + part_size_);
          const Carry aggregate = reduce(begin, end);
          const Carry prefix = i == 0 ? zero : wait_for(i - 1);
          inclusive_[i] = combine(prefix, aggregate);
          ready_[i].store(true, std::memory_order_release);
          finish(begin, end, prefix, aggregate);
        }
      });
    });
  }

 private:
  Carry wait_for(std::uint64_t part) {
    for (int spins = 0; !ready_[part].load(std::memory_order_acquire); ++spins) {
#if defined(__x86_64__)
      _mm_pause();
#endif
      if (spins > 64) std::this_thread::yield();  // oversubscribed: let the predecessor run
    }
    return inclusive_[part];
  }

  std::uint64_t n_, part_size_, parts_;
  std::unique_ptr<std::atomic<bool>[]> ready_;
  std::vector<Carry> inclusive_;
  std::atomic<std::uint64_t> ticket_{0};
};

}  // namespace parprim::cpu_tbb
