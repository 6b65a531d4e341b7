// Variant `cub`: CUB's device-wide primitives, temporary storage sized and allocated when the
// plan is made. This is the reference our own CUDA backends are measured against.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "device/plans.hpp"
#include "parprim/cuda/cub_calls.cuh"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/wrapping.hpp"

namespace parprim::thrust_plugin {
namespace {

// THRUST_CUB_WRAPPED_NAMESPACE puts CUB inside this plugin's own namespace.
namespace cub = CUB_NS_QUALIFIER;

template <class T>
class cub_plan final : public plan {
 public:
  cub_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n)
      : backend_(backend),
        p_(p),
        n_(n),
        sort_(p.operation == PARPRIM_OP_SORT ? cuda::cub_radix_sort<T>(
                                                   cuda::radix_sort_form::of<T>(p), n)
                                             : cuda::cub_radix_sort<T>()) {
    temp_bytes_ = temp_bytes();
    temp_ = backend_.allocate(temp_bytes_);
  }
  ~cub_plan() override { cudaFree(temp_); }

  void run(const parprim_io& io) override {
    if (n_ == 0) {
      if (p_.operation == PARPRIM_OP_COMPACT)
        PARPRIM_CUDA_CHECK(cudaMemsetAsync(io.count, 0, sizeof(std::uint64_t), backend_.stream()));
      return;
    }
    if (p_.operation == PARPRIM_OP_SORT) {
      const bool pairs = sort_.form().payload == cuda::sort_payload::pairs;
      sort_.run(temp_, temp_bytes_, io_in<T>(io), io_out<T>(io),
                pairs ? io_values_in<T>(io) : nullptr, pairs ? io_values_out<T>(io) : nullptr, n_,
                backend_.stream());
      return;
    }
    std::size_t bytes = temp_bytes_;
    scan_or_select(temp_, bytes, io);
  }

 private:
  /// The storage of the one call a run makes, asked of that call with the plan's own problem.
  std::size_t temp_bytes() {
    if (n_ == 0) return 0;
    if (p_.operation == PARPRIM_OP_SORT) return sort_.temp_bytes(backend_.stream());
    std::size_t bytes = 0;
    const parprim_io none{sizeof(parprim_io), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
    scan_or_select(nullptr, bytes, none);  // without storage CUB reads no pointer
    return bytes;
  }

  void scan_or_select(void* temp, std::size_t& bytes, const parprim_io& io) {
    const cudaStream_t stream = backend_.stream();
    using W = wrapping_t<T>;  // integer sums wrap: scanned as the unsigned type
    if (p_.operation == PARPRIM_OP_SCAN) {
      cuda::with_cub_count(n_, [&](auto count) {
        const W* in = static_cast<const W*>(io.in);
        W* out = static_cast<W*>(io.out);
        if (p_.scan_kind == PARPRIM_SCAN_INCLUSIVE)
          PARPRIM_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, in, out, count, stream));
        else
          PARPRIM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, count, stream));
      });
      return;
    }
    PARPRIM_CUDA_CHECK(cub::DeviceSelect::If(
        temp, bytes, static_cast<const T*>(io.in), static_cast<T*>(io.out),
        static_cast<std::uint64_t*>(io.count), static_cast<std::int64_t>(n_),
        cuda::make_keep_predicate<T>(p_), stream));
  }

  cuda::cuda_backend& backend_;
  problem p_;
  std::uint64_t n_;
  cuda::cub_radix_sort<T> sort_;  // the sort's form and largest count, for sorts
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
