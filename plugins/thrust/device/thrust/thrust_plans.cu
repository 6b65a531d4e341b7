// Variant `thrust`: Thrust's algorithms on the plugin's stream, scratch from the plan's
// allocator, with a policy that does not synchronise where Thrust lets it.
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cstdint>
#include <memory>

#include "device/plans.hpp"
#include "device/thrust/pinned_results.cuh"
#include "device/thrust/plan_allocator.cuh"
#include "device/thrust/thrust_errors.cuh"
#include "device/thrust/trial_run.cuh"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/wrapping.hpp"

namespace parprim::thrust_plugin {
namespace {

// THRUST_CUB_WRAPPED_NAMESPACE puts Thrust inside this plugin's own namespace.
namespace thrust = THRUST_NS_QUALIFIER;

template <class T>
class thrust_plan final : public plan {
 public:
  thrust_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n)
      : backend_(backend), p_(p), n_(n) {
    if (p_.operation == PARPRIM_OP_COMPACT) count_slot_ = std::make_unique<pinned_results>();
    reserve_scratch();
  }

  void run(const parprim_io& io) override {
    with_thrust_errors_reported([&] { execute(io); });
  }

 private:
  // One call on buffers of the plan's size, so that Thrust's scratch blocks are reserved now.
  void reserve_scratch() {
    if (n_ == 0) return;
    const std::uint64_t bytes = n_ * sizeof(T);
    trial_run(backend_, {bytes, bytes, p_.has_values() ? bytes : 0, false},
              [&](const parprim_io& io) { run(io); });
  }

  void execute(const parprim_io& io) {
    using W = wrapping_t<T>;  // integer sums wrap: scanned as the unsigned type
    const cudaStream_t stream = backend_.stream();
    auto policy = thrust::cuda::par_nosync(allocator_).on(stream);
    switch (p_.operation) {
      case PARPRIM_OP_SCAN: {
        if (n_ == 0) return;
        const W* in = static_cast<const W*>(io.in);
        W* out = static_cast<W*>(io.out);
        if (p_.scan_kind == PARPRIM_SCAN_INCLUSIVE)
          thrust::inclusive_scan(policy, in, in + n_, out);
        else
          thrust::exclusive_scan(policy, in, in + n_, out, W(0));
        return;
      }
      case PARPRIM_OP_COMPACT: {
        const T* in = static_cast<const T*>(io.in);
        T* out = static_cast<T*>(io.out);
        // copy_if returns the end on the host: Thrust synchronises here, a cost of its API.
        const auto count =
            n_ == 0 ? 0
                    : static_cast<std::uint64_t>(thrust::copy_if(policy, in, in + n_, out,
                                                                 cuda::make_keep_predicate<T>(p_)) -
                                                 out);
        count_slot_->store(0, count, io.count, stream);
        return;
      }
      case PARPRIM_OP_SORT: {
        if (n_ == 0) return;
        // Thrust sorts in place and run() must not modify its input: copy first.
        T* keys = static_cast<T*>(io.out);
        PARPRIM_CUDA_CHECK(
            cudaMemcpyAsync(keys, io.in, n_ * sizeof(T), cudaMemcpyDeviceToDevice, stream));
        const bool descending = p_.sort_order == PARPRIM_SORT_DESCENDING;
        if (p_.has_values()) {
          T* values = static_cast<T*>(io.values_out);
          PARPRIM_CUDA_CHECK(cudaMemcpyAsync(values, io.values_in, n_ * sizeof(T),
                                             cudaMemcpyDeviceToDevice, stream));
          // less/greater on arithmetic keys select Thrust's radix sort: CUB's float order.
          if (descending)
            thrust::stable_sort_by_key(policy, keys, keys + n_, values, thrust::greater<T>());
          else
            thrust::stable_sort_by_key(policy, keys, keys + n_, values, thrust::less<T>());
        } else {
          if (descending)
            thrust::stable_sort(policy, keys, keys + n_, thrust::greater<T>());
          else
            thrust::stable_sort(policy, keys, keys + n_, thrust::less<T>());
        }
        return;
      }
      case PARPRIM_OP_UTF8_DECODE:  // planned by make_thrust_utf8_plan: never here
      case PARPRIM_OP_UTF8_ENCODE:
        return;
    }
  }

  cuda::cuda_backend& backend_;
  problem p_;
  std::uint64_t n_;
  plan_allocator allocator_;
  std::unique_ptr<pinned_results> count_slot_;  // compaction only
};

}  // namespace

std::unique_ptr<plan> make_thrust_plan(cuda::cuda_backend& backend, const problem& p,
                                       std::uint64_t n) {
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return std::make_unique<thrust_plan<T>>(backend, p, n);
  });
}

}  // namespace parprim::thrust_plugin
