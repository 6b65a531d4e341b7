#include "parprim/cuda/availability.hpp"

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>

#include "parprim/cuda/check.hpp"

namespace parprim::cuda {

std::string gpu_unavailable_reason() {
  if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES"); visible && !*visible)
    return "no CUDA device visible (CUDA_VISIBLE_DEVICES is empty)";
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  if (driver == 0) return "no CUDA driver on this machine (libcuda.so.1 not found)";
  if (driver < runtime)
    return "CUDA driver supports CUDA " + std::to_string(driver / 1000) + "." +
           std::to_string(driver % 1000 / 10) + ", older than the " +
           std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10) +
           " runtime this plugin was built with";
  int count = 0;
  if (const cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess)
    return std::string("cannot count CUDA devices: ") + cudaGetErrorString(e);
  if (count == 0) return "no CUDA device";
  cudaDeviceProp p{};
  if (const cudaError_t e = cudaGetDeviceProperties(&p, 0); e != cudaSuccess)
    return std::string("cannot read the device's properties: ") + cudaGetErrorString(e);
  if (p.major * 10 + p.minor < PARPRIM_CUDA_MIN_ARCH)
    return std::string(p.name) + " is sm_" + std::to_string(p.major * 10 + p.minor) +
           "; this plugin was built for sm_" + std::to_string(PARPRIM_CUDA_MIN_ARCH) +
           " and newer (set CMAKE_CUDA_ARCHITECTURES)";
  if (const cudaError_t e = cudaFree(nullptr); e != cudaSuccess)  // creates the context
    return std::string("cannot create a CUDA context: ") + cudaGetErrorString(e);
  return {};
}

std::string gpu_description() {
  cudaDeviceProp p{};
  int device = 0;
  PARPRIM_CUDA_CHECK(cudaGetDevice(&device));
  PARPRIM_CUDA_CHECK(cudaGetDeviceProperties(&p, device));
  int driver = 0;
  cudaDriverGetVersion(&driver);
  char memory[32];
  std::snprintf(memory, sizeof memory, "%.1f GiB", double(p.totalGlobalMem) / double(1ull << 30));
  return std::string(p.name) + " (sm_" + std::to_string(p.major * 10 + p.minor) + ", " +
         std::to_string(p.multiProcessorCount) + " SMs, " + memory + ", L2 " +
         std::to_string(p.l2CacheSize >> 20) + " MiB, CUDA driver " +
         std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10) + ")";
}

}  // namespace parprim::cuda
