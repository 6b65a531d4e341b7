// Thrust reports CUDA failures as exceptions carrying the CUDA error code; a plan's run turns
// them into the plugin's errors, as every other CUDA call of the plugin reports.
#pragma once

#include <thrust/system_error.h>

#include "parprim/cuda/check.hpp"

namespace parprim::thrust_plugin {

template <class Fn>
void with_thrust_errors_reported(Fn&& fn) {
  try {
    fn();
  } catch (const THRUST_NS_QUALIFIER::system_error& e) {
    cuda::fail(static_cast<cudaError_t>(e.code().value()), e.what(), __FILE__, __LINE__);
  }
}

}  // namespace parprim::thrust_plugin
