// cpu_tbb's sort of a whole keys-only array of 32-bit integers where cpu_seq partitions such an
// array in place (Zen 4 and 5: host/in_place_quicksort.hpp; docs/algorithms/cpu_sort.md, steps
// 28, 33, 43).
//
// cpu_seq copies the array to the output as unsigned keys and partitions it there, level by level;
// a level of a range is one pass that one thread makes. Here the top level is made by every thread
// at once, out of place, and replaces the copy: the input is cut into blocks, and the array is
// split four ways by blocks (host/four_way_split.hpp: each block counts its keys of each class
// between three pivots sampled from the whole array, and writes them XORed into unsigned keys
// where the counts put them). Below the top, a range longer than `grain` is partitioned in place
// by the task that holds it and its two sides become two tasks, so that the threads' stealing
// evens out what the pivots do not; a shorter range is sorted by
// host::in_place_quicksort::sort_range on its thread's own sorter. A class may hold every key
// (all keys equal, say): the levels below take care of it, as they do of any range.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>

#include "blocks.hpp"
#include "parprim/host/four_way_split.hpp"
#include "parprim/host/in_place_quicksort.hpp"

namespace parprim::cpu_tbb {

#if PARPRIM_HAVE_AVX512

class parallel_in_place_sort {
 public:
  /// One sorter (its leaves' buffers) for each thread of `arena`; leaves of `leaf_keys`.
  parallel_in_place_sort(const tbb::task_arena& arena, std::uint32_t leaf_keys)
      : threads_(static_cast<std::uint64_t>(arena.max_concurrency())),
        block_classes_(blocks_per_thread * threads_),
        block_at_(blocks_per_thread * threads_) {
    for (std::uint64_t t = 0; t < threads_; ++t)
      sorters_.push_back(std::make_unique<host::in_place_quicksort>(leaf_keys));
  }

  /// Sorts in[0..n) by key ^ flip into out (apart from in), unstably. Call inside the arena
  /// given at construction, where has_avx512f().
  void operator()(const std::uint32_t* in, std::uint32_t* out, std::uint64_t n,
                  std::uint32_t flip) {
    const std::uint64_t leaf = sorters_.front()->leaf_keys();
    const unsigned depth = host::in_place_quicksort::depth_limit(n);
    if (n <= leaf) return sorters_.front()->sort_with_depth_limit(in, out, n, flip, depth);
    grain_ = std::max(leaf, n / (ranges_per_thread * threads_));
    namespace split = host::four_way_split;
    const split::pivots pivots = split::sampled_pivots(in, n, flip);
    const cpu_tbb::blocks blocks{
        n, std::min<std::uint64_t>(block_classes_.size(), n / min_block_keys + 1)};
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      block_classes_[b] = split::count_classes(in + begin, end - begin, flip, pivots);
    });
    // Class-major, block-minor: block b's keys of class c follow every smaller class's and the
    // blocks' before b of class c.
    std::uint64_t starts[split::classes + 1], sum = 0;
    for (unsigned c = 0; c < split::classes; ++c) {
      starts[c] = sum;
      for (std::uint64_t b = 0; b < blocks.count; ++b) {
        block_at_[b][c] = sum;
        sum += block_classes_[b][c];
      }
    }
    starts[split::classes] = sum;
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      split::copy_classes(in + begin, end - begin, flip, pivots, out, block_at_[b],
                          block_classes_[b]);
    });
    const auto sort_class = [&](unsigned c) {
      sort_task(out + starts[c], starts[c + 1] - starts[c], flip, depth - 1);
    };
    tbb::parallel_invoke([&] { sort_class(0); }, [&] { sort_class(1); }, [&] { sort_class(2); },
                         [&] { sort_class(3); });
  }

 private:
  /// The top level's blocks, a few a thread so that a slow one delays the level little; none
  /// shorter than this many keys, whose count and offsets would cost more than they share out.
  static constexpr std::uint64_t blocks_per_thread = 4;
  static constexpr std::uint64_t min_block_keys = 16384;
  /// Ranges are partitioned by a task of their own down to about this many a thread.
  static constexpr std::uint64_t ranges_per_thread = 8;

  void sort_task(std::uint32_t* a, std::uint64_t n, std::uint32_t flip, unsigned depth) {
    if (n <= grain_ || depth == 0) return own_sorter().sort_range(a, n, flip, depth);
    const host::in_place_detail::level_ranges left =
        host::in_place_detail::partition_level(a, n, flip);
    tbb::parallel_invoke(
        [&] { sort_task(a, left.front_end, flip, depth - 1); },
        [&] { sort_task(a + left.back_begin, n - left.back_begin, flip, depth - 1); });
  }

  // The calling thread's sorter: sort_range spawns nothing, so a thread runs one at a time.
  host::in_place_quicksort& own_sorter() {
    return *sorters_[static_cast<std::size_t>(tbb::this_task_arena::current_thread_index())];
  }

  std::uint64_t threads_;
  std::uint64_t grain_ = 0;
  // Each top-level block's keys of each class, and where it writes them.
  std::vector<host::four_way_split::per_class> block_classes_;
  std::vector<host::four_way_split::per_class> block_at_;
  std::vector<std::unique_ptr<host::in_place_quicksort>> sorters_;
};

#endif

}  // namespace parprim::cpu_tbb
