// cpu_tbb's sort of a whole keys-only array of 32-bit integers where cpu_seq partitions such an
// array in place (Zen 5: host/in_place_quicksort.hpp; docs/algorithms/cpu_sort.md, step 28).
//
// cpu_seq copies the array to the output as unsigned keys and partitions it there, level by level;
// a level of a range is one pass that one thread makes. Here the top level is made by every thread
// at once, out of place, and replaces the copy: the input is cut into blocks, each block counts
// its keys below a pivot sampled from the whole array, and the counts give each block where its
// keys go on either side of the output, to which it then writes them XORed into unsigned keys.
// Below the top, a range longer than `grain` is partitioned in place by the task that holds it and
// its two sides become two tasks, so that the threads' stealing evens out what the pivots do not;
// a shorter range is sorted by host::in_place_quicksort::sort_range on its thread's own sorter.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/task_arena.h>

#include "blocks.hpp"
#include "parprim/host/in_place_quicksort.hpp"

namespace parprim::cpu_tbb {

#if PARPRIM_HAVE_AVX512

class parallel_in_place_sort {
 public:
  /// One sorter (its leaves' buffers) for each thread of `arena`; leaves of `leaf_keys`.
  parallel_in_place_sort(const tbb::task_arena& arena, std::uint32_t leaf_keys)
      : threads_(static_cast<std::uint64_t>(arena.max_concurrency())),
        block_lows_(blocks_per_thread * threads_),
        block_cursors_(block_lows_.size()) {
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
    const std::uint32_t pivot = host::in_place_detail::sampled_pivot(in, n, flip);
    const cpu_tbb::blocks blocks{
        n, std::min<std::uint64_t>(block_lows_.size(), n / min_block_keys + 1)};
    std::uint64_t lows = count_blocks<false>(in, blocks, flip, pivot);
    if (lows != 0) {
      partition_blocks<false>(in, out, blocks, flip, pivot, lows);
      tbb::parallel_invoke([&] { sort_task(out, lows, flip, depth - 1); },
                           [&] { sort_task(out + lows, n - lows, flip, depth - 1); });
      return;
    }
    // No key below the pivot, a key of the array: the pivot is its smallest. Its copies go
    // first, in their places, and the keys above them are sorted on (as partition_level does).
    lows = count_blocks<true>(in, blocks, flip, pivot);
    partition_blocks<true>(in, out, blocks, flip, pivot, lows);
    cpu_tbb::blocks{lows, blocks.count}.for_each(
        [&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
          std::fill(out + begin, out + end, pivot ^ flip);
        });
    sort_task(out + lows, n - lows, flip, depth - 1);
  }

 private:
  /// The top level's blocks, a few a thread so that a slow one delays the level little; none
  /// shorter than this many keys, whose count and offsets would cost more than they share out.
  static constexpr std::uint64_t blocks_per_thread = 4;
  static constexpr std::uint64_t min_block_keys = 16384;
  /// Ranges are partitioned by a task of their own down to about this many a thread.
  static constexpr std::uint64_t ranges_per_thread = 8;

  // Each block's count of keys below the pivot (Inclusive: at most it) into block_lows_; the sum.
  template <bool Inclusive>
  std::uint64_t count_blocks(const std::uint32_t* in, const cpu_tbb::blocks& blocks,
                             std::uint32_t flip, std::uint32_t pivot) {
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      block_lows_[b] =
          host::in_place_detail::count_below<Inclusive>(in + begin, end - begin, flip, pivot);
    });
    std::uint64_t lows = 0;
    for (std::uint64_t b = 0; b < blocks.count; ++b) lows += block_lows_[b];
    return lows;
  }

  // Block b's low keys go to out after the blocks' before it, [0, lows) in all; its high keys
  // below the end of those after it, [lows, n) in all.
  template <bool Inclusive>
  void partition_blocks(const std::uint32_t* in, std::uint32_t* out, const cpu_tbb::blocks& blocks,
                        std::uint32_t flip, std::uint32_t pivot, std::uint64_t lows) {
    std::uint64_t low_start = 0, high_end = lows;
    for (std::uint64_t b = 0; b < blocks.count; ++b) {
      high_end += (blocks.end(b) - blocks.begin(b)) - block_lows_[b];
      block_cursors_[b] = {low_start, high_end};
      low_start += block_lows_[b];
    }
    blocks.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      host::in_place_detail::partition_copy<Inclusive>(in + begin, end - begin, flip, pivot, out,
                                                       block_cursors_[b]);
    });
  }

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
  std::vector<std::uint64_t> block_lows_;
  std::vector<host::vector_sort_detail::partition_cursors<std::uint64_t>> block_cursors_;
  std::vector<std::unique_ptr<host::in_place_quicksort>> sorters_;
};

#endif

}  // namespace parprim::cpu_tbb
