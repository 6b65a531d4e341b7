// A CUDA scan backend whose variants fault on the GPU once n > 1000, for the GPU run of the
// isolation tests (scripts/gpu_run.sh isolation): `out_of_bounds` writes a terabyte past its
// output (an illegal address: a sticky error that poisons every later CUDA call of its
// process), `hang` launches a kernel that never returns. Below that each is a correct scan on
// one thread. Beside it, every state of `thrust` and `cub` must stay valid and timed.
#include <cstdint>
#include <memory>

#include "parprim/cuda/check.hpp"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"

namespace {

template <class S>
__global__ void serial_scan(const S* in, S* out, std::uint64_t n) {
  S sum = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const S x = in[i];
    out[i] = sum;
    sum += x;
  }
}

template <class S>
__global__ void write_far_out_of_bounds(S* out, std::uint64_t n) {
  out[n + (std::uint64_t(1) << 40) / sizeof(S)] = S(1);
}

__global__ void spin_forever(const volatile int* never_set) {
  while (*never_set == 0) {
  }
}

parprim::variant scan_variant(const char* name, const char* description) {
  return {PARPRIM_OP_SCAN, name, description, PARPRIM_ALL_DTYPES, PARPRIM_CAP_SCAN_EXCLUSIVE, {}};
}

class cuda_faults_backend final : public parprim::cuda::cuda_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_cuda_faults",
            .version = "0.0.1",
            .description =
                "GPU scans that write out of bounds or never return above 1000 "
                "elements (for tests)",
            .domain = PARPRIM_DOMAIN_DEVICE,
            .variants = {scan_variant("out_of_bounds", "writes 1 TB past its output"),
                         scan_variant("hang", "a kernel that never returns")},
            .params = {}};
  }

  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    const cudaStream_t s = stream();
    const bool hang = p.variant == "hang";
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<parprim::plan> {
      using S = parprim::wrapping_t<T>;
      auto zero = std::make_shared<parprim::cuda::device_buffer<int>>(1);
      PARPRIM_CUDA_CHECK(cudaMemsetAsync(zero->get(), 0, sizeof(int), s));
      return parprim::make_plan([=](const parprim_io& io) {
        const S* in = static_cast<const S*>(io.in);
        S* out = static_cast<S*>(io.out);
        if (n > 1000 && hang) {
          spin_forever<<<1, 1, 0, s>>>(zero->get());
          PARPRIM_CUDA_CHECK_LAUNCH("spin_forever");
        } else if (n > 1000) {
          write_far_out_of_bounds<<<1, 1, 0, s>>>(out, n);
          PARPRIM_CUDA_CHECK_LAUNCH("write_far_out_of_bounds");
        } else if (n > 0) {
          serial_scan<<<1, 1, 0, s>>>(in, out, n);
          PARPRIM_CUDA_CHECK_LAUNCH("serial_scan");
        }
      });
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(cuda_faults_backend)
