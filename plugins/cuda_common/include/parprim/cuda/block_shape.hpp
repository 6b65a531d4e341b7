// Block size as a declared parameter, and the dynamic shared memory a tunable block needs.
//
// The course's block-size study varies the threads per block of each kernel. A kernel whose
// block size is chosen at run time sizes its shared memory at launch (dynamic shared memory)
// instead of at compile time; when a shape needs more than the 48 KiB every launch may take,
// the kernel is opted in to the device's larger per-block limit, and a shape beyond that limit
// is refused as UNSUPPORTED with the figures (the runner records the state as skipped).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parprim/plugin.hpp"

namespace parprim::cuda {

/// The threads a block may have: powers of two from a warp to the hardware's 1024.
inline constexpr unsigned max_block_threads = 1024;

/// A set of values a kernel is compiled for, written once: the allowed list of the parameter
/// that picks one, and the dispatch from that parameter's run-time value to the kernel compiled
/// for it (its loops unrolled, its per-thread arrays in registers).
template <int... Values>
struct compiled_constants {
  static std::vector<std::int64_t> allowed() { return {Values...}; }
  /// Calls fn.template operator()<V>() for the V equal to `value`; false when there is none.
  template <class Fn>
  static bool dispatch(std::int64_t value, Fn&& fn) {
    return ((value == Values ? (fn.template operator()<Values>(), true) : false) || ...);
  }
};

/// The block sizes: powers of two from a warp to the hardware's max_block_threads.
using block_sizes = compiled_constants<32, 64, 128, 256, 512, 1024>;

/// The `block_size` parameter: threads per block of every kernel the variant launches, one of
/// block_sizes.
param block_size_param(std::int64_t default_threads);

/// Lets `kernel` launch with `bytes` of dynamic shared memory on the current device, or throws
/// parprim::error(PARPRIM_UNSUPPORTED) naming `shape` (for example "block_size=1024
/// items_per_thread=32, i64") and both figures when the device offers less.
void reserve_dynamic_shared(const void* kernel, std::uint64_t bytes, const std::string& shape);

}  // namespace parprim::cuda
