// The scan this plugin's compaction and sort are built on, and its two variants behind one
// call: `global` (one launch per level) and `shared` (in-block, multi-level).
#pragma once

#include "device/course/hillis_steele_global.cuh"
#include "device/course/hillis_steele_shared.cuh"

namespace parprim::cuda_naive {

enum class scan_variant { global, shared };

/// A device-wide scan of n elements of S in blocks of `block` threads, its scratch allocated at
/// construction.
template <class S>
class naive_scanner {
 public:
  naive_scanner(scan_variant v, std::uint64_t n, unsigned block)
      : variant_(v),
        block_(block),
        ping_pong_(v == scan_variant::global ? n : 0),
        levels_(v == scan_variant::shared ? n : 0, block) {}

  void scan(const S* in, S* out, std::uint64_t n, bool inclusive, cudaStream_t stream) {
    if (variant_ == scan_variant::global)
      hillis_steele_global_scan(in, out, ping_pong_.get(), n, inclusive, block_, stream);
    else
      hillis_steele_shared_scan(in, out, n, inclusive, levels_, 0, stream);
  }

 private:
  scan_variant variant_;
  unsigned block_;
  cuda::device_buffer<S> ping_pong_;
  shared_scan_scratch<S> levels_;
};

}  // namespace parprim::cuda_naive
