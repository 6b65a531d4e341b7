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

#include "parprim/plugin.hpp"

namespace parprim::cuda {

/// The threads a block may have: powers of two from a warp to the hardware's 1024.
inline constexpr unsigned max_block_threads = 1024;

/// The `block_size` parameter: threads per block of every kernel the variant launches.
param block_size_param(std::int64_t default_threads);

/// Calls fn.template operator()<V>() for the V of Values equal to `value`, so that a run-time
/// parameter picks a kernel compiled for that constant (its loops unrolled, its per-thread
/// arrays in registers); returns false when `value` is none of them.
template <int... Values, class Fn>
bool dispatch_constant(std::int64_t value, Fn&& fn) {
  return ((value == Values ? (fn.template operator()<Values>(), true) : false) || ...);
}

/// dispatch_constant over the block sizes block_size_param allows.
template <class Fn>
bool dispatch_block_size(std::int64_t threads, Fn&& fn) {
  return dispatch_constant<32, 64, 128, 256, 512, 1024>(threads, fn);
}

/// Lets `kernel` launch with `bytes` of dynamic shared memory on the current device, or throws
/// parprim::error(PARPRIM_UNSUPPORTED) naming `shape` (for example "block_size=1024
/// items_per_thread=32, i64") and both figures when the device offers less.
void reserve_dynamic_shared(const void* kernel, std::uint64_t bytes, const std::string& shape);

}  // namespace parprim::cuda
