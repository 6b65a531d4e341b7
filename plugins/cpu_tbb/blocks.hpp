// A range of n elements cut into blocks of equal length (the last shorter), each block worked
// by a task: the parallel sorts' counts and scatters (parallel_radix_sort.hpp,
// parallel_in_place_sort.hpp), which must cut a range the same way in both.
#pragma once

#include <algorithm>
#include <cstdint>

#include <oneapi/tbb/parallel_for.h>

namespace parprim::cpu_tbb {

struct blocks {
  std::uint64_t n, count;
  /// Each block but the last is a multiple of this long (a split with no count cuts its blocks
  /// on whole chunks, so that each block's part of the spare array holds whole chunks).
  std::uint64_t multiple = 1;

  std::uint64_t per_block() const {
    const std::uint64_t even = (n + count - 1) / count;
    return (even + multiple - 1) / multiple * multiple;
  }
  std::uint64_t begin(std::uint64_t b) const { return std::min(n, b * per_block()); }
  std::uint64_t end(std::uint64_t b) const { return std::min(n, begin(b) + per_block()); }

  /// fn(b, begin(b), end(b)) for every block, in parallel.
  template <class Fn>
  void for_each(Fn fn) const {
    tbb::parallel_for(std::uint64_t{0}, count, [&](std::uint64_t b) { fn(b, begin(b), end(b)); });
  }
};

}  // namespace parprim::cpu_tbb
