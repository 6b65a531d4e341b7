#include "parprim/cuda/check.hpp"

#include <string>

#include "parprim/plugin.hpp"

namespace parprim::cuda {

parprim_status status_of(cudaError_t e) {
  switch (e) {
    case cudaErrorMemoryAllocation:
      return PARPRIM_OUT_OF_MEMORY;
    // Errors after which the context cannot be used again (CUDA documents them as sticky).
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchTimeout:
    case cudaErrorAssert:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed:
      return PARPRIM_DEVICE_LOST;
    default:
      return PARPRIM_ERROR;
  }
}

void fail(cudaError_t e, const char* call, const char* file, int line) {
  std::string where = file;
  where = where.substr(where.find_last_of('/') + 1);
  throw error(status_of(e), std::string(call) + " failed: " + cudaGetErrorName(e) + " (" +
                                cudaGetErrorString(e) + ") at " + where + ":" +
                                std::to_string(line));
}

}  // namespace parprim::cuda
