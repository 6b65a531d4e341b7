#include "onesweep_shape.hpp"

namespace parprim::cuda_efficient {

lookback_shape onesweep_shape_of(const problem& p) {
  lookback_shape shape = lookback_shape_of(p);
  if (shape.items_per_thread == 0) shape.items_per_thread = onesweep_policy_items;
  return compiled_shape(shape, onesweep_block_sizes::allowed(), onesweep_items::allowed());
}

std::vector<param> onesweep_params() {
  return tile_shape_params(onesweep_default_block_threads, onesweep_block_sizes::allowed(),
                           onesweep_items::allowed(),
                           "the policy (onesweep_shape.hpp: 23 keys, CUB's sm_90 tuning)");
}

}  // namespace parprim::cuda_efficient
