// Scan across GPUs: each GPU reduces its shard, one all-gather hands every GPU all the totals,
// and each scans its shard starting from the sum of the totals of the GPUs before it, read on
// the device by CUB (no round trip to the host). Integer sums wrap (as the unsigned type);
// float offsets are summed in rank order, which the float tolerance covers (docs/accuracy.md).
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include "distributed_plans.hpp"
#include "group/nccl_types.hpp"
#include "parprim/cuda/cub_calls.cuh"
#include "parprim/wrapping.hpp"
#include "shards/plan_memory.hpp"

namespace parprim::nccl {
namespace {

namespace cub = CUB_NS_QUALIFIER;

/// offset = the sum of totals[0..rank), in rank order.
template <class W>
__global__ void offset_before(const W* totals, int rank, W* offset) {
  W sum = W(0);
  for (int q = 0; q < rank; ++q) sum += totals[q];
  *offset = sum;
}

/// x[i] plus, for the first element only, the offset of the GPUs before: an inclusive scan of
/// this sequence is the inclusive scan of the shard started from the offset.
template <class W>
struct first_plus_offset {
  const W* x;
  const W* offset;
  __device__ W operator()(std::uint64_t i) const { return i == 0 ? *offset + x[0] : x[i]; }
};

template <class T>
class distributed_scan final : public plan {
  using W = wrapping_t<T>;

 public:
  distributed_scan(nccl_backend& b, const problem& p, std::uint64_t n, gpu_group& g)
      : backend_(b),
        g_(g),
        inclusive_(p.scan_kind == PARPRIM_SCAN_INCLUSIVE),
        layout_{n * sizeof(T), g.size()} {
    const int k = g_.size();
    for (int r = 0; r < k; ++r) counts_.push_back(layout_.data_bytes(r) / sizeof(T));
    std::size_t temp = 0;
    for (int r = 0; r < k; ++r) g_.on(r, [&] { temp = std::max(temp, temp_bytes(r)); });
    temp_bytes_ = temp;
    carver c;
    c.take<W>(k + 2);
    totals_offset_ = c.used();
    memory_.allocate(g_, totals_offset_ + temp_bytes_);
    for (int r = 0; r < k; ++r) {
      local_totals_[r] = local_total(r);
      gathered_totals_[r] = totals(r);
    }
  }

  void run(const parprim_io& io) override {
    if (layout_.bytes == 0) return;
    const int k = g_.size();
    const auto& in = input_of(io.in, g_, "input");
    const auto& out = buffer_of(io.out, g_, "output");
    backend_.fork(g_);
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        if (k > 1) {
          std::size_t bytes = temp_bytes_;
          reduce(r, temp(r), bytes, static_cast<const W*>(in.shards[r].data), local_total(r));
        }
      });
    if (k > 1) g_.all_gather(local_totals_, gathered_totals_, 1, nccl_type<W>());
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        if (counts_[r] == 0) return;
        if (k > 1) {
          offset_before<<<1, 1, 0, g_.stream(r)>>>(totals(r), r, offset(r));
          PARPRIM_CUDA_CHECK_LAUNCH("offset_before");
        }
        std::size_t bytes = temp_bytes_;
        scan(r, temp(r), bytes, static_cast<const W*>(in.shards[r].data),
             static_cast<W*>(out.shards[r].data), offset(r));
      });
    backend_.join(g_);
  }

 private:
  W* totals(int r) const { return memory_.on<W>(r); }
  W* local_total(int r) const { return memory_.on<W>(r) + g_.size(); }
  W* offset(int r) const { return memory_.on<W>(r) + g_.size() + 1; }
  void* temp(int r) const { return memory_.on<char>(r) + totals_offset_; }

  /// Where rank r's local scan starts: from the GPUs before it, or from zero on one GPU (rank 0
  /// of several reads an offset of zero, so that every rank makes the same call).
  enum class scan_start { zero, offset };
  scan_start start_of(int) const { return g_.size() > 1 ? scan_start::offset : scan_start::zero; }

  /// The temporary storage of rank r's reduce and scan, the larger: the same calls as a run's,
  /// without storage (CUB then reads no pointer).
  std::size_t temp_bytes(int r) {
    std::size_t reduce_bytes = 0, scan_bytes = 0;
    if (g_.size() > 1) reduce(r, nullptr, reduce_bytes, nullptr, nullptr);
    scan(r, nullptr, scan_bytes, nullptr, nullptr, nullptr);
    return std::max(reduce_bytes, scan_bytes);
  }

  /// The sum of rank r's shard, into *total.
  void reduce(int r, void* temp, std::size_t& bytes, const W* in, W* total) {
    cuda::with_cub_count(counts_[r], [&](auto count) {
      PARPRIM_CUDA_CHECK(cub::DeviceReduce::Sum(temp, bytes, in, total, count, g_.stream(r)));
    });
  }

  /// The local scan of rank r's shard, from *offset (the sum of the GPUs before) or from zero.
  void scan(int r, void* temp, std::size_t& bytes, const W* in, W* out, const W* offset) {
    cuda::with_cub_count(counts_[r], [&](auto count) {
      scan_shard(temp, bytes, start_of(r), in, out, offset, count, g_.stream(r));
    });
  }

  template <class Count>
  void scan_shard(void* temp, std::size_t& bytes, scan_start start, const W* in, W* out,
                  const W* offset, Count count, cudaStream_t s) {
    if (start == scan_start::zero) {  // one GPU: a plain scan
      if (inclusive_)
        PARPRIM_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, in, out, count, s));
      else
        PARPRIM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, count, s));
      return;
    }
    if (inclusive_) {
      const auto first = THRUST_NS_QUALIFIER::make_transform_iterator(
          THRUST_NS_QUALIFIER::counting_iterator<std::uint64_t>(0),
          first_plus_offset<W>{in, offset});
      PARPRIM_CUDA_CHECK(cub::DeviceScan::InclusiveScan(temp, bytes, first, out,
                                                        ::cuda::std::plus<W>{}, count, s));
    } else {
      PARPRIM_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(
          temp, bytes, in, out, ::cuda::std::plus<W>{}, future(offset), count, s));
    }
  }

  // CUB takes a future value through a mutable pointer only: with a pointer to const it would
  // convert the FutureValue to a plain value, reading the device pointer on the host.
  static cub::FutureValue<W> future(const W* offset) {
    return cub::FutureValue<W>(const_cast<W*>(offset));
  }

  nccl_backend& backend_;
  gpu_group& g_;
  bool inclusive_;
  shard_layout layout_;
  std::vector<std::uint64_t> counts_;
  per_gpu_memory memory_;
  std::uint64_t totals_offset_ = 0;
  std::size_t temp_bytes_ = 0;
  per_rank<const void*> local_totals_{};
  per_rank<void*> gathered_totals_{};
};

}  // namespace

std::unique_ptr<plan> make_distributed_scan(nccl_backend& b, const problem& p, std::uint64_t n,
                                            gpu_group& g) {
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return std::make_unique<distributed_scan<T>>(b, p, n, g);
  });
}

}  // namespace parprim::nccl
