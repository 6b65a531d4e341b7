// The tuning of the Onesweep radix sort (onesweep_sort.cuh): threads per block and keys per
// thread of its digit-binning pass, the variant's parameters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/plugin.hpp"
#include "shapes/lookback_shape.hpp"

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

/// The policy's tile, where block_size and items_per_thread are 0 (their defaults): 23 keys a
/// thread; 384 threads for 4-byte keys (CUB's sm_90 tuning, cub/device/dispatch/tuning/
/// tuning_radix_sort.cuh) and 256 for 8-byte keys, whose 128 registers a thread leave room for
/// two blocks of 256 on an SM but one of 384. Measured on an H100 at 2^26 once the pass had its
/// whole-tile path (docs/algorithms/radix_sort.md): u32 keys 384 x 23 0.89x CUB, 256 x 23
/// 0.98x; u32 pairs 1.00x and 1.16x; u64 keys 256 x 23 1.02x, 384 x 23 1.14x.
template <std::size_t KeyBytes>
inline constexpr int onesweep_policy_block_threads = KeyBytes == 4 ? 384 : 256;
inline constexpr int onesweep_policy_items = 23;

/// The shape a sort problem's parameters ask for, the policy filled in; throws
/// parprim::error(PARPRIM_UNSUPPORTED) for one no kernel is compiled for.
lookback_shape onesweep_shape_of(const problem& p);

/// The variant's parameters: block_size (0 or onesweep_block_sizes), items_per_thread (0 or
/// onesweep_items); 0 takes the policy's.
std::vector<param> onesweep_params();

}  // namespace parprim::cuda_efficient
