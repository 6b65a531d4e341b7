// Whether this machine can run CUDA code built into the calling plugin, and what it runs on:
// cuda_backend answers with these, and so can a plugin that keeps host buffers but needs a GPU
// (a course project's host-pointer API, parprim_add_course_plugin()).
#pragma once

#include <string>

namespace parprim::cuda {

/// Empty when a usable CUDA device is here; else why not ("no CUDA driver on this machine
/// (libcuda.so.1 not found)", a device older than the plugin's oldest architecture, ...).
/// Creates the CUDA context of device 0 when it succeeds.
std::string gpu_unavailable_reason();

/// "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.2 GiB, L2 50 MiB, CUDA driver 13.0)".
std::string gpu_description();

}  // namespace parprim::cuda
