// thrust: the reference GPU backend. Variant `thrust` goes through Thrust's algorithms, variant
// `cub` through CUB's device-wide primitives; our own CUDA backends are measured against `cub`.
#include <thrust/version.h>

#include "device/plans.hpp"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::thrust_plugin {

class thrust_backend final : public cuda::cuda_backend {
 public:
  static plugin_info info() {
    return {
        .name = "thrust",
        .version = "1.0.0",
        .description = "Thrust and CUB (CCCL " + std::to_string(THRUST_MAJOR_VERSION) + "." +
                       std::to_string(THRUST_MINOR_VERSION) + "." +
                       std::to_string(THRUST_SUBMINOR_VERSION) + ") on the GPU",
        .domain = PARPRIM_DOMAIN_DEVICE,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "thrust",
                 "thrust::exclusive_scan / inclusive_scan",
                 PARPRIM_ALL_DTYPES,
                 every_scan,
                 {}},
                {PARPRIM_OP_SCAN, "cub", "cub::DeviceScan", PARPRIM_ALL_DTYPES, every_scan, {}},
                {PARPRIM_OP_COMPACT,
                 "thrust",
                 "thrust::copy_if",
                 PARPRIM_ALL_DTYPES,
                 every_compact,
                 {}},
                {PARPRIM_OP_COMPACT,
                 "cub",
                 "cub::DeviceSelect::If",
                 PARPRIM_ALL_DTYPES,
                 every_compact,
                 {}},
                {PARPRIM_OP_SORT,
                 "thrust",
                 "copy, then thrust::stable_sort(_by_key)",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {}},
                {PARPRIM_OP_SORT,
                 "cub",
                 "cub::DeviceRadixSort::SortKeys / SortPairs",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {}},
            },
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (p.variant == "cub") return make_cub_plan(*this, p, n);
    return make_thrust_plan(*this, p, n);
  }
};

}  // namespace parprim::thrust_plugin

PARPRIM_PLUGIN(parprim::thrust_plugin::thrust_backend)
