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
/// count, look-back and destination belong to one thread. For 4-byte keys, two blocks of 512
/// threads per SM: 64 registers a thread, which keeps 23 keys and their ranks in registers and
/// lets four blocks of 256 share an SM (measured 6% faster than 80 registers and three blocks on
/// an H100, docs/algorithms/radix_sort.md); 8-byte keys take 128.
inline constexpr int onesweep_max_threads = 512;
template <class T>
inline constexpr int onesweep_min_blocks = sizeof(T) == 4 ? 2 : 1;
inline constexpr int onesweep_radix_bits = 8;
inline constexpr int onesweep_radix = 1 << onesweep_radix_bits;

using onesweep_block_sizes = cuda::compiled_constants<256, 384, onesweep_max_threads>;
using onesweep_items = cuda::compiled_constants<16, 23>;

/// The default tile, for 4- and 8-byte keys alike: 256 threads of 23 keys (5888 keys). CUB's
/// sm_90 tuning takes 384 x 23 (cub/device/dispatch/tuning/tuning_radix_sort.cuh); measured on an
/// H100 at 2^26 (docs/algorithms/radix_sort.md), 256 x 23 takes 7% less time for 4-byte keys
/// (four blocks of 256 per SM against two of 384) and 17% less for 8-byte keys, whose 128
/// registers a thread leave room for two blocks of 256 on an SM but one of 384.
inline constexpr int onesweep_default_block_threads = 256;
inline constexpr int onesweep_policy_items = 23;

/// The shape a sort problem's parameters ask for, the policy filled in; throws
/// parprim::error(PARPRIM_UNSUPPORTED) for one no kernel is compiled for.
lookback_shape onesweep_shape_of(const problem& p);

/// The variant's parameters: block_size (onesweep_block_sizes), items_per_thread (0 or
/// onesweep_items).
std::vector<param> onesweep_params();

}  // namespace parprim::cuda_efficient
