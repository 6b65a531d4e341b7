#include "parprim/cuda/block_shape.hpp"

#include <cuda_runtime_api.h>

#include "parprim/cuda/check.hpp"

namespace parprim::cuda {

param block_size_param(std::int64_t default_threads) {
  return {"block_size", "threads per block of every kernel the variant launches", default_threads,
          block_sizes::allowed()};
}

void reserve_dynamic_shared(const void* kernel, std::uint64_t bytes, const std::string& shape) {
  constexpr std::uint64_t default_limit = 48 * 1024;  // what any launch may take unasked
  if (bytes <= default_limit) return;
  int device = 0, optin = 0;
  PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
  PARPRIM_CUDA_CHECK(
      cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (bytes > static_cast<std::uint64_t>(optin))
    throw error(PARPRIM_UNSUPPORTED, shape + " needs " + std::to_string(bytes) +
                                         " bytes of shared memory per block; this GPU offers " +
                                         std::to_string(optin));
  PARPRIM_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(bytes)));
}

}  // namespace parprim::cuda
