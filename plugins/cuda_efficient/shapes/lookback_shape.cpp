#include "shapes/lookback_shape.hpp"

#include <algorithm>
#include <utility>

namespace parprim::cuda_efficient {

namespace {
template <std::size_t Bytes>
int policy_items(lookback_work work) {
  return work == lookback_work::scan ? lookback_policy<Bytes>::scan_items
                                     : lookback_policy<Bytes>::compact_items;
}
}  // namespace

lookback_shape lookback_shape::resolved(std::size_t element_bytes, lookback_work work) const {
  lookback_shape s = *this;
  if (s.items_per_thread == 0)
    s.items_per_thread = element_bytes == 8 ? policy_items<8>(work) : policy_items<4>(work);
  return compiled_shape(s, lookback_block_sizes::allowed(), lookback_items::allowed());
}

lookback_shape compiled_shape(const lookback_shape& shape, const std::vector<std::int64_t>& blocks,
                              const std::vector<std::int64_t>& items) {
  if (std::find(blocks.begin(), blocks.end(), shape.block_threads) == blocks.end() ||
      std::find(items.begin(), items.end(), shape.items_per_thread) == items.end())
    throw error(PARPRIM_UNSUPPORTED, "no look-back kernel is compiled for " + shape.describe());
  return shape;
}

std::string lookback_shape::describe() const {
  return "block_size=" + std::to_string(block_threads) +
         " items_per_thread=" + std::to_string(items_per_thread);
}

lookback_shape lookback_shape_of(const problem& p) {
  return {static_cast<int>(p.params.at("block_size")),
          static_cast<int>(p.params.at("items_per_thread"))};
}

std::vector<param> tile_shape_params(std::int64_t default_block, std::vector<std::int64_t> blocks,
                                     std::vector<std::int64_t> items, const std::string& policy) {
  items.insert(items.begin(), 0);
  return {
      {"block_size", "threads per block", default_block, std::move(blocks)},
      {"items_per_thread", "elements each thread loads; 0: " + policy, 0, std::move(items)},
  };
}

std::vector<param> lookback_params() {
  return tile_shape_params(lookback_default_block_threads, lookback_block_sizes::allowed(),
                           lookback_items::allowed(),
                           "the policy for the element size (lookback_shape.hpp: 24 for 4-byte "
                           "elements; for 8-byte, 12 in scans and 16 in compaction; loaded as "
                           "16-byte vectors)");
}

}  // namespace parprim::cuda_efficient
