// The tuning of the single-pass (look-back) kernels: threads per block and items per thread,
// the variants' parameters, with a policy per element size for the items when none is chosen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "parprim/cuda/block_shape.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda_efficient {

/// The kernels' largest block: 512 threads.
inline constexpr int lookback_max_threads = 512;

/// Registers a thread of the kernels may take (__maxnreg__). 8-byte elements: 128, room for 24
/// items in 512-thread blocks. 4-byte elements: 48, which holds 24 items without spilling and
/// lets five blocks of 256 threads share an SM instead of four (at the 53-54 registers the
/// compiler took by itself): more loads in flight, where the kernels spent most of their time
/// waiting (Nsight Compute: 63% of the copy's DRAM throughput against CUB's 72%). Measured on an
/// H100, i32 at 2^26: scan 237 -> 224 us, compaction 228 -> 214 us (docs/algorithms/scan.md).
template <std::size_t Bytes>
inline constexpr int lookback_max_registers = Bytes == 4 ? 48 : 128;

/// The items per thread the kernels are compiled for (whole 16-byte vectors for both element
/// sizes).
using lookback_items = cuda::compiled_constants<8, 12, 16, 24>;

/// The block sizes a launch may take (block_size is a run-time value, up to the kernels'
/// __launch_bounds__), and the parameter's default.
using lookback_block_sizes = cuda::compiled_constants<32, 64, 128, 256, lookback_max_threads>;
inline constexpr int lookback_default_block_threads = 256;

/// Which single-pass kernel a shape is for: their best tiles differ for 8-byte elements.
enum class lookback_work { scan, compact };

/// Tuning constants per element size, used where the variant's items_per_thread is 0. Measured
/// on an H100 at 2^26 (docs/algorithms/scan.md#look-back, tile shapes): for 4-byte elements the
/// largest tile compiled wins, since each tile pays a look-back and its barriers (CUB's sm_90
/// tuning also takes 24 items); for 8-byte elements 12 items (64 registers a thread: four blocks
/// of 256 per SM where 24 items, at 121 registers, let two in) for the scan, and 16 for
/// compaction (0.91x the time of 12 items there, as measured).
template <std::size_t Bytes>
struct lookback_policy;
template <>
struct lookback_policy<4> {
  static constexpr int scan_items = 24;
  static constexpr int compact_items = 24;
};
template <>
struct lookback_policy<8> {
  static constexpr int scan_items = 12;
  static constexpr int compact_items = 16;
};

struct lookback_shape {
  int block_threads = lookback_default_block_threads;
  int items_per_thread = 0;  // 0: the policy's
  std::int64_t tile() const { return std::int64_t(block_threads) * items_per_thread; }
  /// This shape with the policy for `element_bytes` and `work` filled in where items say 0;
  /// throws parprim::error(PARPRIM_UNSUPPORTED) for a shape no kernel is compiled for.
  lookback_shape resolved(std::size_t element_bytes, lookback_work work) const;
  std::string describe() const;
};

/// The shape a problem's parameters ask for (block_size, items_per_thread).
lookback_shape lookback_shape_of(const problem& p);

/// The variants' parameters: block_size (lookback_block_sizes) and items_per_thread (0 or
/// lookback_items).
std::vector<param> lookback_params();

/// `shape` when some kernel is compiled for it (block size in `blocks`, items in `items`), else
/// throws parprim::error(PARPRIM_UNSUPPORTED) naming it. Shared by every single-pass kernel's
/// shape (the sort's too: onesweep_shape.hpp).
lookback_shape compiled_shape(const lookback_shape& shape, const std::vector<std::int64_t>& blocks,
                              const std::vector<std::int64_t>& items);

/// The block_size and items_per_thread parameters over those lists (items: 0 means the policy's,
/// which `policy` describes).
std::vector<param> tile_shape_params(std::int64_t default_block, std::vector<std::int64_t> blocks,
                                     std::vector<std::int64_t> items, const std::string& policy);

inline bool is_aligned16(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

}  // namespace parprim::cuda_efficient
