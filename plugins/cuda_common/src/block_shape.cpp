#include "parprim/cuda/block_shape.hpp"

#include <cuda_runtime_api.h>

#include "parprim/cuda/check.hpp"

namespace parprim::cuda {

param block_size_param(std::int64_t default_threads) {
  return {"block_size", "threads per block of every kernel the variant launches", default_threads,
          block_sizes::allowed()};
}

void reserve_dynamic_shared(const void* kernel, std::uint64_t bytes, const std::string& shape) {
  // The 48 KiB and the device's opt-in limit hold for a block's static and dynamic shared
  // memory together.
  cudaFuncAttributes attributes{};
  PARPRIM_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  const std::uint64_t total = bytes + attributes.sharedSizeBytes;
  constexpr std::uint64_t default_limit = 48 * 1024;  // what any launch may take unasked
  if (total <= default_limit) return;
  int device = 0, optin = 0;
  PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
  PARPRIM_CUDA_CHECK(
      cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (total > static_cast<std::uint64_t>(optin))
    throw error(PARPRIM_UNSUPPORTED, shape + " needs " + std::to_string(total) +
                                         " bytes of shared memory per block; this GPU offers " +
                                         std::to_string(optin));
  PARPRIM_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(bytes)));
}

}  // namespace parprim::cuda
