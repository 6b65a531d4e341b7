// Every CUDA call and launch in a plugin goes through these: a failure becomes a parprim::error
// whose status says what the runner should do (out of memory: skip the state; device lost: fail
// the backend's remaining states) and whose message names the call. Never exit() or abort().
#pragma once

#include <cuda_runtime_api.h>

#include "parprim/plugin_abi.h"

namespace parprim::cuda {

/// The status a CUDA error maps to: OUT_OF_MEMORY, DEVICE_LOST for the sticky errors that leave
/// the context unusable, ERROR otherwise.
parprim_status status_of(cudaError_t e);

/// Throws parprim::error for `e`, naming the call and where it was made.
[[noreturn]] void fail(cudaError_t e, const char* call, const char* file, int line);

}  // namespace parprim::cuda

#define PARPRIM_CUDA_CHECK(call)                                             \
  do {                                                                       \
    const cudaError_t parprim_cuda_error_ = (call);                          \
    if (parprim_cuda_error_ != cudaSuccess)                                  \
      ::parprim::cuda::fail(parprim_cuda_error_, #call, __FILE__, __LINE__); \
  } while (0)

/// After a kernel launch: launch-configuration errors and sticky errors of earlier work.
#define PARPRIM_CUDA_CHECK_LAUNCH(kernel_name)                                                  \
  do {                                                                                          \
    const cudaError_t parprim_cuda_error_ = cudaGetLastError();                                 \
    if (parprim_cuda_error_ != cudaSuccess)                                                     \
      ::parprim::cuda::fail(parprim_cuda_error_, "launch of " kernel_name, __FILE__, __LINE__); \
  } while (0)
