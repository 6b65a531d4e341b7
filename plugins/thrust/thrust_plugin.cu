// thrust: the reference GPU backend. Variant `thrust` goes through Thrust's algorithms, variant
// `cub` through CUB's device-wide primitives; our own CUDA backends are measured against `cub`.
// UTF-8 decoding and encoding: both variants (device/thrust/thrust_utf8_plans.cu,
// device/cub/cub_utf8_plans.cu; what positions map to: device/utf8_positions.cuh).
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
                {PARPRIM_OP_UTF8_DECODE,
                 "thrust",
                 "thrust::inclusive_scan of the unit starts, thrust::scatter_if of the decoded "
                 "units; validate: thrust::transform_reduce",
                 PARPRIM_DTYPE_BIT(PARPRIM_U8),
                 every_utf8_decode,
                 {}},
                {PARPRIM_OP_UTF8_ENCODE,
                 "thrust",
                 "thrust::transform_exclusive_scan of the lengths, then thrust::for_each writes "
                 "the bytes",
                 PARPRIM_DTYPE_BIT(PARPRIM_U32),
                 utf8_encode_form,
                 {}},
                {PARPRIM_OP_UTF8_DECODE,
                 "cub",
                 "cub::DeviceSelect::If over the byte positions that start a unit, decoding "
                 "through a transform output iterator; validate: cub::DeviceReduce::Reduce",
                 PARPRIM_DTYPE_BIT(PARPRIM_U8),
                 every_utf8_decode,
                 {}},
                {PARPRIM_OP_UTF8_ENCODE,
                 "cub",
                 "cub::DeviceScan::ExclusiveSum of the lengths, then a scatter of the bytes",
                 PARPRIM_DTYPE_BIT(PARPRIM_U32),
                 utf8_encode_form,
                 {}},
            },
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (is_utf8(p.operation))
      return p.variant == "cub" ? make_cub_utf8_plan(*this, p, n)
                                : make_thrust_utf8_plan(*this, p, n);
    if (p.variant == "cub") return make_cub_plan(*this, p, n);
    return make_thrust_plan(*this, p, n);
  }
};

}  // namespace parprim::thrust_plugin

PARPRIM_PLUGIN(parprim::thrust_plugin::thrust_backend)
