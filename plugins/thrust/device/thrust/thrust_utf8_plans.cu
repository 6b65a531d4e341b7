// Variant `thrust` of the UTF-8 operations (issue 34): what a CUDA programmer writes with Thrust's
// algorithms (transform, scan, scatter), fused with its iterators where the library allows, on
// the plugin's stream with scratch from the plan's allocator:
//  - decode: thrust::inclusive_scan of the unit-start flags (a transform iterator over the byte
//    positions) into each byte's output position plus one; thrust::scatter_if of each position's
//    decoded unit (a transform iterator) to that position minus one, where a unit starts; the
//    count is the scan's last value, copied to the device's count by thrust::copy_n;
//  - validate: thrust::transform_reduce of (1, i) where a replaced subpart starts and (0, n)
//    elsewhere, by (sum, min); Thrust returns the pair on the host, whence it is copied to the
//    count and the first offset;
//  - encode: thrust::transform_exclusive_scan of the code points' lengths into byte offsets, then
//    thrust::for_each writes each code point's bytes at its offset and the last one the count.
// Positions and offsets are 32-bit where they fit (the scans' traffic halves), else 64-bit.
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>

#include <cstdint>
#include <memory>

#include "device/plans.hpp"
#include "device/thrust/pinned_results.cuh"
#include "device/thrust/plan_allocator.cuh"
#include "device/thrust/thrust_errors.cuh"
#include "device/thrust/trial_run.cuh"
#include "device/utf8_positions.cuh"
#include "parprim/cuda/device_buffer.hpp"
#include "parprim/cuda/empty_utf8_result.hpp"
#include "parprim/cuda/launch.cuh"

namespace parprim::thrust_plugin {
namespace {

// THRUST_CUB_WRAPPED_NAMESPACE puts Thrust inside this plugin's own namespace.
namespace thrust = THRUST_NS_QUALIFIER;

/// 1 where a unit starts, as the scan's own type: Thrust's inclusive_scan without an initial
/// value accumulates in its input's value type, so a scan of bools would saturate at 1.
template <class I>
struct unit_start_count {
  const std::uint8_t* in;
  __host__ __device__ I operator()(std::uint64_t i) const {
    return parprim::utf8::is_unit_start(in, i) ? I(1) : I(0);
  }
};

/// An inclusive scan's value at a unit start, less one: where that unit's code point goes.
template <class I>
struct before {
  __host__ __device__ I operator()(I scanned) const { return scanned - 1; }
};

template <class I>
struct widen {
  __host__ __device__ std::uint64_t operator()(I x) const { return x; }
};

/// I: the type of the positions (decode: up to n) or byte offsets (encode: up to 4n).
template <class I>
class thrust_utf8_plan final : public plan {
 public:
  thrust_utf8_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n)
      : backend_(backend), p_(p), n_(n), positions_(p.is_validation() ? 0 : n) {
    if (n_ == 0) return;
    const bool encode = p_.operation == PARPRIM_OP_UTF8_ENCODE;
    trial_run(backend_,
              {encode ? 4 * n_ : n_, p_.is_validation() ? 0 : 4 * n_, 0, p_.is_validation()},
              [&](const parprim_io& io) { run(io); });
  }

  void run(const parprim_io& io) override {
    with_thrust_errors_reported([&] { execute(io); });
  }

 private:
  void execute(const parprim_io& io) {
    const cudaStream_t stream = backend_.stream();
    if (n_ == 0) return cuda::write_empty_utf8_result(p_, io, stream);
    auto policy = thrust::cuda::par_nosync(allocator_).on(stream);
    const thrust::counting_iterator<std::uint64_t> positions(0);
    I* scanned = positions_.get();
    if (p_.operation == PARPRIM_OP_UTF8_ENCODE) {
      const std::uint32_t* in = io_in<std::uint32_t>(io);
      thrust::transform_exclusive_scan(policy, in, in + n_, scanned, utf8::encoded_length<I>{},
                                       I(0), thrust::plus<I>());
      thrust::for_each(policy, positions, positions + n_,
                       utf8::write_encoded<I>{in, scanned, n_, io_out<std::uint8_t>(io),
                                              io_count(io)});
      return;
    }
    const std::uint8_t* in = io_in<std::uint8_t>(io);
    if (p_.is_validation()) {
      // transform_reduce returns on the host: Thrust synchronises here, a cost of its API.
      const utf8::errors e =
          thrust::transform_reduce(policy, positions, positions + n_, utf8::error_at{in, n_},
                                   utf8::errors{0, n_}, utf8::combine_errors{});
      results_.store(0, e.count, io.count, stream);
      results_.store(1, e.first, io_first_error(io), stream);
      return;
    }
    const auto starts = thrust::make_transform_iterator(positions, unit_start_count<I>{in});
    thrust::inclusive_scan(policy, starts, starts + n_, scanned, thrust::plus<I>());
    thrust::scatter_if(policy, thrust::make_transform_iterator(positions, utf8::decode_at{in, n_}),
                       thrust::make_transform_iterator(positions + n_, utf8::decode_at{in, n_}),
                       thrust::make_transform_iterator(scanned, before<I>{}), starts,
                       io_out<std::uint32_t>(io));
    thrust::copy_n(policy, thrust::make_transform_iterator(scanned + n_ - 1, widen<I>{}), 1,
                   io_count(io));
  }

  cuda::cuda_backend& backend_;
  problem p_;
  std::uint64_t n_;
  cuda::device_buffer<I> positions_;  // decode: scanned starts; encode: byte offsets
  plan_allocator allocator_;
  pinned_results results_;
};

}  // namespace

std::unique_ptr<plan> make_thrust_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                            std::uint64_t n) {
  std::unique_ptr<plan> made;
  cuda::with_index_type(p.operation == PARPRIM_OP_UTF8_ENCODE ? 4 * n : n, [&]<class I>() {
    made = std::make_unique<thrust_utf8_plan<I>>(backend, p, n);
  });
  return made;
}

}  // namespace parprim::thrust_plugin
