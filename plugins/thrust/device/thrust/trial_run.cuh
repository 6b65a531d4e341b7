// The plan-time call of variant `thrust`: one run on buffers of the plan's sizes, so that every
// scratch block Thrust asks for is reserved in the plan's allocator (plan_allocator.cuh) before
// any timed run.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::thrust_plugin {

/// The buffers of one run, in bytes (0: the run has no such buffer).
struct trial_sizes {
  std::uint64_t in, out, values;
  bool first_error;
};

/// Runs `run` once on zeroed input buffers of the given sizes, then frees them.
template <class Run>
void trial_run(cuda::cuda_backend& backend, const trial_sizes& sizes, Run&& run) {
  void *in = nullptr, *out = nullptr, *vin = nullptr, *vout = nullptr, *count = nullptr,
       *first = nullptr;
  auto release_all = [&](bool through_backend) {
    for (void* b : {in, out, vin, vout, count, first})
      if (b) through_backend ? backend.release(b) : static_cast<void>(cudaFree(b));
  };
  try {
    in = backend.allocate(sizes.in);
    out = backend.allocate(sizes.out);
    count = backend.allocate(sizeof(std::uint64_t));
    if (sizes.values) {
      vin = backend.allocate(sizes.values);
      vout = backend.allocate(sizes.values);
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(vin, 0, sizes.values, backend.stream()));
    }
    if (sizes.first_error) first = backend.allocate(sizeof(std::uint64_t));
    PARPRIM_CUDA_CHECK(cudaMemsetAsync(in, 0, sizes.in, backend.stream()));
    run(parprim_io{sizeof(parprim_io), in, out, vin, vout, count, first});
    backend.synchronize();
  } catch (...) {
    release_all(false);
    throw;
  }
  release_all(true);
}

}  // namespace parprim::thrust_plugin
