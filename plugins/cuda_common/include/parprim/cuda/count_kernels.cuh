// The kernel the compactions share: the count of kept elements read off an exclusive scan
// (the last offset plus whether the last element was kept), written to the plugin's count.
#pragma once

#include <cstdint>

namespace parprim::cuda {

template <class I>
__global__ void count_from_exclusive_scan(const I* offsets, const I* last_addend,
                                          std::uint64_t last, std::uint64_t* count) {
  *count =
      static_cast<std::uint64_t>(offsets[last]) + static_cast<std::uint64_t>(last_addend[last]);
}

}  // namespace parprim::cuda
