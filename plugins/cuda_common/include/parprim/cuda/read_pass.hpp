// The read-only baseline of the CUDA plugins (docs/measurement.md): one kernel reads each byte
// of a buffer once, 16 bytes a load and 16 KiB a block, as an operation that only reads (UTF-8
// validation) would at best, and writes nothing but, in a case no input meets by design, one word
// of its own. It is to such an operation what cudaMemcpyAsync's copy is to the others.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace parprim::cuda {

class read_pass {
 public:
  read_pass() = default;
  read_pass(const read_pass&) = delete;
  read_pass& operator=(const read_pass&) = delete;
  ~read_pass();

  /// Enqueues the pass over [src, src + bytes) on `stream`: one block a 16 KiB tile.
  void read(const void* src, std::uint64_t bytes, cudaStream_t stream);

 private:
  std::uint32_t* sink_ = nullptr;  // the word the kernel writes only when told a value it meets
};

}  // namespace parprim::cuda
