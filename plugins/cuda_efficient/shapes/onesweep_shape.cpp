#include "shapes/onesweep_shape.hpp"

#include "parprim/types.hpp"

namespace parprim::cuda_efficient {

lookback_shape onesweep_shape_of(const problem& p) {
  lookback_shape shape = lookback_shape_of(p);
  if (shape.block_threads == 0)
    shape.block_threads = dtype_size(p.dtype) == 8 ? onesweep_policy_block_threads<8>
                                                   : onesweep_policy_block_threads<4>;
  if (shape.items_per_thread == 0) shape.items_per_thread = onesweep_policy_items;
  return compiled_shape(shape, onesweep_block_sizes::allowed(), onesweep_items::allowed());
}

std::vector<param> onesweep_params() {
  std::vector<std::int64_t> blocks = onesweep_block_sizes::allowed();
  blocks.insert(blocks.begin(), 0);
  std::vector<param> params =
      tile_shape_params(0, std::move(blocks), onesweep_items::allowed(),
                        "the policy (onesweep_shape.hpp: 23 keys, CUB's sm_90 tuning)");
  params[0].description += "; 0: the policy (384 for 4-byte keys, 256 for 8-byte)";
  return params;
}

}  // namespace parprim::cuda_efficient
