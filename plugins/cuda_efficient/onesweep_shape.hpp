// The tuning of the Onesweep radix sort (onesweep_sort.cuh): threads per block and keys per
// thread of its digit-binning pass, the variant's parameters.
#pragma once

#include <cstdint>
#include <vector>

#include "lookback_shape.hpp"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

/// The pass's __launch_bounds__. A block has at least one thread per digit (256): each digit's
/// count, look-back and destination belong to one thread. Two blocks of 384 threads per SM for
/// 4-byte keys (80 registers each: their keys and ranks stay in registers at 23 keys per thread);
/// 8-byte keys need more registers than that leaves.
inline constexpr int onesweep_max_threads = 384;
template <class T>
inline constexpr int onesweep_min_blocks = sizeof(T) == 4 ? 2 : 1;
inline constexpr int onesweep_radix_bits = 8;
inline constexpr int onesweep_radix = 1 << onesweep_radix_bits;

using onesweep_block_sizes = cuda::compiled_constants<256, onesweep_max_threads>;
using onesweep_items = cuda::compiled_constants<16, 23>;

/// The default tile, for 4- and 8-byte keys alike: 384 threads of 23 keys (8832 keys), CUB's
/// sm_90 tuning for its Onesweep pass (cub/device/dispatch/tuning/tuning_radix_sort.cuh).
inline constexpr int onesweep_default_block_threads = 384;
inline constexpr int onesweep_policy_items = 23;

/// The shape a sort problem's parameters ask for, the policy filled in; throws
/// parprim::error(PARPRIM_UNSUPPORTED) for one no kernel is compiled for.
lookback_shape onesweep_shape_of(const problem& p);

/// The variant's parameters: block_size (onesweep_block_sizes), items_per_thread (0 or
/// onesweep_items).
std::vector<param> onesweep_params();

}  // namespace parprim::cuda_efficient
