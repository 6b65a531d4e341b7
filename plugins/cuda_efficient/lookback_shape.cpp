#include "lookback_shape.hpp"

#include <algorithm>

namespace parprim::cuda_efficient {

lookback_shape lookback_shape::resolved(std::size_t element_bytes) const {
  lookback_shape s = *this;
  if (s.items_per_thread == 0)
    s.items_per_thread = element_bytes == 8 ? lookback_policy<8>::items_per_thread
                                            : lookback_policy<4>::items_per_thread;
  const auto blocks = lookback_block_sizes::allowed();
  const auto items = lookback_items::allowed();
  if (std::find(blocks.begin(), blocks.end(), s.block_threads) == blocks.end() ||
      std::find(items.begin(), items.end(), s.items_per_thread) == items.end())
    throw error(PARPRIM_UNSUPPORTED, "no look-back kernel is compiled for " + s.describe());
  return s;
}

std::string lookback_shape::describe() const {
  return "block_size=" + std::to_string(block_threads) +
         " items_per_thread=" + std::to_string(items_per_thread);
}

lookback_shape lookback_shape_of(const problem& p) {
  return {static_cast<int>(p.params.at("block_size")),
          static_cast<int>(p.params.at("items_per_thread"))};
}

std::vector<param> lookback_params() {
  std::vector<std::int64_t> items = {0};
  for (std::int64_t i : lookback_items::allowed()) items.push_back(i);
  return {
      {"block_size", "threads per block", lookback_default_block_threads,
       lookback_block_sizes::allowed()},
      {"items_per_thread",
       "elements each thread loads (as 16-byte vectors); 0: the policy for the element size "
       "(lookback_shape.hpp: 24 for 4- and 8-byte elements)",
       0, items},
  };
}

}  // namespace parprim::cuda_efficient
