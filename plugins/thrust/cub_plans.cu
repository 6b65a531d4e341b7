// Variant `cub`: CUB's device-wide primitives, temporary storage sized and allocated when the
// plan is made. This is the reference our own CUDA backends are measured against.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "parprim/cuda/cub_calls.cuh"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/wrapping.hpp"
#include "plans.hpp"

namespace parprim::thrust_plugin {
namespace {

// THRUST_CUB_WRAPPED_NAMESPACE puts CUB inside this plugin's own namespace.
namespace cub = CUB_NS_QUALIFIER;

template <class T>
class cub_plan final : public plan {
 public:
  cub_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n)
      : backend_(backend), p_(p), n_(n) {
    // With no storage, each call only reports how much it needs.
    std::size_t bytes = 0;
    if (n_ > 0) {
      const parprim_io none{sizeof(parprim_io), nullptr, nullptr, nullptr, nullptr, nullptr};
      call(nullptr, bytes, none);
    }
    temp_bytes_ = bytes;
    temp_ = backend_.allocate(bytes);
  }
  ~cub_plan() override { cudaFree(temp_); }

  void run(const parprim_io& io) override {
    if (n_ == 0) {
      if (p_.operation == PARPRIM_OP_COMPACT)
        PARPRIM_CUDA_CHECK(cudaMemsetAsync(io.count, 0, sizeof(std::uint64_t), backend_.stream()));
      return;
    }
    std::size_t bytes = temp_bytes_;
    call(temp_, bytes, io);
  }

 private:
  void call(void* temp, std::size_t& bytes, const parprim_io& io) {
    const cudaStream_t stream = backend_.stream();
    using W = wrapping_t<T>;  // integer sums wrap: scanned as the unsigned type
    switch (p_.operation) {
      case PARPRIM_OP_SCAN:
        cuda::with_cub_count(n_, [&](auto count) {
          const W* in = static_cast<const W*>(io.in);
          W* out = static_cast<W*>(io.out);
          if (p_.scan_kind == PARPRIM_SCAN_INCLUSIVE)
            PARPRIM_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, in, out, count, stream));
          else
            PARPRIM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, count, stream));
        });
        return;
      case PARPRIM_OP_COMPACT:
        PARPRIM_CUDA_CHECK(cub::DeviceSelect::If(
            temp, bytes, static_cast<const T*>(io.in), static_cast<T*>(io.out),
            static_cast<std::uint64_t*>(io.count), static_cast<std::int64_t>(n_),
            cuda::make_keep_predicate<T>(p_), stream));
        return;
      case PARPRIM_OP_SORT:
        cuda::with_cub_count(n_, [&](auto count) { sort(temp, bytes, io, count, stream); });
        return;
    }
  }

  template <class Count>
  void sort(void* temp, std::size_t& bytes, const parprim_io& io, Count count,
            cudaStream_t stream) {
    const bool pairs = p_.sort_payload == PARPRIM_SORT_PAIRS;
    PARPRIM_CUDA_CHECK(cuda::cub_radix_sort(
        temp, bytes, static_cast<const T*>(io.in), static_cast<T*>(io.out),
        pairs ? static_cast<const T*>(io.values_in) : nullptr,
        pairs ? static_cast<T*>(io.values_out) : nullptr, count,
        p_.sort_order == PARPRIM_SORT_DESCENDING, stream));
  }

  cuda::cuda_backend& backend_;
  problem p_;
  std::uint64_t n_;
  void* temp_ = nullptr;
  std::size_t temp_bytes_ = 0;
};

}  // namespace

std::unique_ptr<plan> make_cub_plan(cuda::cuda_backend& backend, const problem& p,
                                    std::uint64_t n) {
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return std::make_unique<cub_plan<T>>(backend, p, n);
  });
}

}  // namespace parprim::thrust_plugin
