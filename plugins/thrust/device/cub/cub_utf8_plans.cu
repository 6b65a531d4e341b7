// Variant `cub` of the UTF-8 operations (issue 34): what a CUDA programmer writes with the
// library, the anchor cuda_efficient's single pass is measured against.
//  - decode: cub::DeviceSelect::If over the byte positions, keeping those that start a unit
//    (the byte and the 3 before it decide), its output a transform iterator that decodes the
//    unit at each kept position as it is written (one library call, the count written by CUB);
//  - validate: cub::DeviceReduce::Reduce over the positions, each mapped to (1, i) where a
//    replaced subpart starts and (0, n) elsewhere, combined by (sum, min), then split into the
//    count and the first offset by a one-thread kernel;
//  - encode: cub::DeviceScan::ExclusiveSum over the code points' lengths (a transform iterator)
//    into an offsets buffer, then a kernel writes each code point's bytes at its offset, the
//    last one the count.
// Temporary storage and the offsets are allocated when the plan is made. What each position maps
// to is shared with variant `thrust` (device/utf8_positions.cuh).
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>

#include "device/plans.hpp"
#include "device/utf8_positions.cuh"
#include "parprim/cuda/check.hpp"
#include "parprim/cuda/empty_utf8_result.hpp"
#include "parprim/cuda/launch.cuh"

namespace parprim::thrust_plugin {
namespace {

// THRUST_CUB_WRAPPED_NAMESPACE puts CUB and Thrust inside this plugin's own namespace.
namespace cub = CUB_NS_QUALIFIER;
namespace thrust = THRUST_NS_QUALIFIER;

using utf8::combine_errors;
using utf8::decode_at;
using utf8::encoded_length;
using utf8::error_at;
using utf8::errors;
using utf8::starts_unit;

__global__ void split_errors(const errors* e, std::uint64_t* count, std::uint64_t* first) {
  *count = e->count;
  *first = e->first;
}

template <class Offset>
__global__ void scatter_encoded(utf8::write_encoded<Offset> write) {
  for (std::uint64_t i = cuda::global_index(); i < write.n; i += cuda::grid_stride()) write(i);
}

class cub_utf8_plan final : public plan {
 public:
  cub_utf8_plan(cuda::cuda_backend& backend, const problem& p, std::uint64_t n)
      : backend_(backend), p_(p), n_(n) {
    if (n_ == 0) return;
    std::size_t bytes = 0;
    if (p_.operation == PARPRIM_OP_UTF8_ENCODE) {
      // Offsets of 4 bytes where 4n fits (the scan's traffic halves), else 8.
      offsets_ = backend_.allocate(n_ * (wide() ? 8 : 4));
    }
    if (p_.is_validation()) result_ = static_cast<errors*>(backend_.allocate(sizeof(errors)));
    call(nullptr, bytes,
         parprim_io{sizeof(parprim_io), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr});
    temp_bytes_ = bytes;
    temp_ = backend_.allocate(temp_bytes_);
  }
  ~cub_utf8_plan() override {
    cudaFree(temp_);
    cudaFree(offsets_);
    cudaFree(result_);
  }

  void run(const parprim_io& io) override {
    const cudaStream_t stream = backend_.stream();
    if (n_ == 0) return cuda::write_empty_utf8_result(p_, io, stream);
    std::size_t bytes = temp_bytes_;
    call(temp_, bytes, io);
  }

 private:
  bool wide() const { return 4 * n_ > 0xFFFFFFFFull; }

  /// The run's library calls; with temp == nullptr only asks for the storage they need.
  void call(void* temp, std::size_t& bytes, const parprim_io& io) {
    const cudaStream_t stream = backend_.stream();
    const auto n = static_cast<std::int64_t>(n_);
    const thrust::counting_iterator<std::uint64_t> positions(0);
    if (p_.operation == PARPRIM_OP_UTF8_ENCODE) {
      auto scan = [&]<class Offset>() {
        const auto lengths =
            thrust::make_transform_iterator(io_in<std::uint32_t>(io), encoded_length<Offset>{});
        PARPRIM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
            temp, bytes, lengths, static_cast<Offset*>(offsets_), n, stream));
        if (!temp) return;
        const auto blocks =
            static_cast<unsigned>(std::min<std::uint64_t>((n_ + 255) / 256, 1u << 20));
        scatter_encoded<<<blocks, 256, 0, stream>>>(utf8::write_encoded<Offset>{
            io_in<std::uint32_t>(io), static_cast<const Offset*>(offsets_), n_,
            io_out<std::uint8_t>(io), io_count(io)});
        PARPRIM_CUDA_CHECK_LAUNCH("scatter_encoded");
      };
      if (wide())
        scan.template operator()<std::uint64_t>();
      else
        scan.template operator()<std::uint32_t>();
      return;
    }
    const auto* in = io_in<std::uint8_t>(io);
    if (p_.is_validation()) {
      PARPRIM_CUDA_CHECK(cub::DeviceReduce::Reduce(
          temp, bytes, thrust::make_transform_iterator(positions, error_at{in, n_}), result_, n,
          combine_errors{}, errors{0, n_}, stream));
      if (!temp) return;
      split_errors<<<1, 1, 0, stream>>>(result_, io_count(io), io_first_error(io));
      PARPRIM_CUDA_CHECK_LAUNCH("split_errors");
      return;
    }
    PARPRIM_CUDA_CHECK(cub::DeviceSelect::If(
        temp, bytes, positions,
        thrust::make_transform_output_iterator(io_out<std::uint32_t>(io), decode_at{in, n_}),
        io_count(io), n, starts_unit{in}, stream));
  }

  cuda::cuda_backend& backend_;
  problem p_;
  std::uint64_t n_;
  void* temp_ = nullptr;
  std::size_t temp_bytes_ = 0;
  void* offsets_ = nullptr;
  errors* result_ = nullptr;  // validation's reduction, before it is split
};

}  // namespace

std::unique_ptr<plan> make_cub_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                         std::uint64_t n) {
  return std::make_unique<cub_utf8_plan>(backend, p, n);
}

}  // namespace parprim::thrust_plugin
