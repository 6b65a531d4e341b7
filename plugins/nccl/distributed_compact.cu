// Compaction across GPUs: each GPU compacts its shard into its own output shard and writes the
// kept count to that shard's length slot; one reduce sums the counts into the count buffer on
// GPU 0. The output stays where it was made, shards of varying length in rank order, which the
// download concatenates (sharded_buffer::segment_element_bytes): no element crosses a link.
#include <cub/device/device_select.cuh>

#include "distributed_plans.hpp"
#include "group/nccl_types.hpp"
#include "parprim/cuda/cub_calls.cuh"
#include "parprim/cuda/keep_predicate.cuh"
#include "shards/plan_memory.hpp"

namespace parprim::nccl {
namespace {

namespace cub = CUB_NS_QUALIFIER;

template <class T>
class distributed_compact final : public plan {
 public:
  distributed_compact(nccl_backend& b, const problem& p, std::uint64_t n, gpu_group& g)
      : backend_(b),
        g_(g),
        keep_(cuda::make_keep_predicate<T>(p)),
        layout_{n * sizeof(T), g.size()} {
    std::size_t temp = 0;
    for (int r = 0; r < g_.size(); ++r) {
      counts_.push_back(layout_.data_bytes(r) / sizeof(T));
      g_.on(r, [&] {
        std::size_t bytes = 0;
        select(r, nullptr, bytes, nullptr, nullptr, nullptr);
        temp = std::max(temp, bytes);
      });
    }
    temp_bytes_ = temp;
    memory_.allocate(g_, temp_bytes_);
  }

  void run(const parprim_io& io) override {
    const int k = g_.size();
    auto& count = buffer_of(io.count, g_, "count");
    auto* total = static_cast<std::uint64_t*>(count.shards[0].data);
    if (layout_.bytes == 0) {
      g_.on(0, [&] { PARPRIM_CUDA_CHECK(cudaMemsetAsync(total, 0, sizeof *total, g_.stream(0))); });
      return;
    }
    const auto& in = input_of(io.in, g_, "input");
    auto& out = buffer_of(io.out, g_, "output");
    backend_.fork(g_);
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        std::uint64_t* kept = k > 1 ? out.shards[r].length : total;
        if (counts_[r] == 0) {
          PARPRIM_CUDA_CHECK(cudaMemsetAsync(kept, 0, sizeof *kept, g_.stream(r)));
          return;
        }
        std::size_t bytes = temp_bytes_;
        select(r, memory_.on(r), bytes, static_cast<const T*>(in.shards[r].data),
               static_cast<T*>(out.shards[r].data), kept);
      });
    if (k > 1) {
      per_rank<const std::uint64_t*> kept{};
      for (int r = 0; r < k; ++r) kept[r] = out.shards[r].length;
      g_.sum_to_root(kept, total);
      out.segment_element_bytes = sizeof(T);
    }
    backend_.join(g_);
  }

 private:
  void select(int r, void* temp, std::size_t& bytes, const T* in, T* out, std::uint64_t* kept) {
    cuda::with_cub_count(counts_[r], [&](auto count) {
      PARPRIM_CUDA_CHECK(
          cub::DeviceSelect::If(temp, bytes, in, out, kept, count, keep_, g_.stream(r)));
    });
  }

  nccl_backend& backend_;
  gpu_group& g_;
  cuda::keep_predicate<T> keep_;
  shard_layout layout_;
  std::vector<std::uint64_t> counts_;
  per_gpu_memory memory_;
  std::size_t temp_bytes_ = 0;
};

}  // namespace

std::unique_ptr<plan> make_distributed_compact(nccl_backend& b, const problem& p, std::uint64_t n,
                                               gpu_group& g) {
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return std::make_unique<distributed_compact<T>>(b, p, n, g);
  });
}

}  // namespace parprim::nccl
