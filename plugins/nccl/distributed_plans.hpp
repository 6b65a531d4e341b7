// The plans of the nccl plugin, one file each (docs/algorithms/multi_gpu.md).
#pragma once

#include <cstdint>
#include <memory>

#include "nccl_backend.hpp"

namespace parprim::nccl {

/// Each GPU reduces its shard, one all-gather gives every GPU all totals, and each scans its
/// shard from the sum of the totals before it, read on the device.
std::unique_ptr<plan> make_distributed_scan(nccl_backend& b, const problem& p, std::uint64_t n,
                                            gpu_group& g);
/// Each GPU compacts its shard into its own output shard; the counts are summed into GPU 0's.
std::unique_ptr<plan> make_distributed_compact(nccl_backend& b, const problem& p, std::uint64_t n,
                                               gpu_group& g);
/// Sample, split into key ranges, one exchange, one local radix sort per GPU.
std::unique_ptr<plan> make_distributed_sort(nccl_backend& b, const problem& p, std::uint64_t n,
                                            gpu_group& g);

/// Where a sort across GPUs spent its last run, each step the longest of any GPU's (seconds):
/// read by the exchange probe (tools/nccl_probe), which puts the exchange beside the links'.
struct sort_phases {
  double split = 0;          // sample, choose the key ranges, partition, gather the sizes
  double sizes_to_host = 0;  // the exchange sizes read on the host
  double exchange = 0;       // grouped ncclSend/ncclRecv
  double local_sort = 0;     // CUB radix sort of what each GPU received
  std::uint64_t bytes_between_gpus = 0;  // sent to another GPU, summed over GPUs
};
class phase_timed {
 public:
  virtual ~phase_timed() = default;
  /// Records each step's events in the runs from now on; off until asked, so that the runner's
  /// timed runs carry none.
  virtual void time_phases() = 0;
  virtual sort_phases last_phases() = 0;
};

/// The buffer behind a handle the runner passed in, checked to be laid out for `g`.
sharded_buffer& buffer_of(const void* handle, const gpu_group& g, const char* role);
/// buffer_of for an input, which must be dense (not an output of varying-length shards).
const sharded_buffer& input_of(const void* handle, const gpu_group& g, const char* role);

}  // namespace parprim::nccl
