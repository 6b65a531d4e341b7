// The GPU's clocks through NVML, loaded at run time from the driver (libnvidia-ml.so.1) with
// dlopen: nothing new is needed to build, and a machine without it only loses the readings.
#pragma once

#include "parprim/plugin_abi.h"

namespace parprim::cuda {

/// The clocks of this CUDA device (found in NVML by its PCI bus id). Throws
/// parprim::error(PARPRIM_UNAVAILABLE) naming why when NVML cannot be had or cannot read them.
parprim_clocks read_nvml_clocks(int device);

}  // namespace parprim::cuda
