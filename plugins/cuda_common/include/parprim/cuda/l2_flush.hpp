// The "flush the caches" measurement hook for one GPU (docs/measurement.md): a scratch buffer of
// twice the device's L2, written on a stream before a cold sample, so that the sample finds none
// of its data in L2. Shared by every CUDA backend, one per device.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace parprim::cuda {

class l2_flush {
 public:
  /// Writes the buffer of the current device on `stream`, allocating it on first use (an error
  /// of the device's, out of memory included, is thrown as PARPRIM_CUDA_CHECK throws it).
  void write(cudaStream_t stream);

 private:
  void* buffer_ = nullptr;  // kept for the process: a flush comes before every cold sample
  std::uint64_t bytes_ = 0;
  int round_ = 0;
};

}  // namespace parprim::cuda
