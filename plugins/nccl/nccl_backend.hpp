// The nccl plugin's backend: its memory domain is an array sharded across the first `gpus`
// visible GPUs (sharded_buffer), its clock CUDA events on GPU 0's stream, and every run forks
// from that stream to the other GPUs' streams and joins back to it, so the events cover the
// work of all of them.
//
// A problem's `gpus` is known only when its plan is made, after the runner has allocated and
// filled its buffers; making a plan therefore moves every live buffer onto that plan's GPUs
// (untimed, contents kept), and a plan refuses buffers laid out for another GPU count.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "group/gpu_group.hpp"
#include "group/nccl_library.hpp"
#include "parprim/cuda/l2_flush.hpp"
#include "parprim/plugin.hpp"
#include "shards/sharded_buffer.hpp"

namespace parprim::nccl {

class nccl_backend final : public backend {
 public:
  static plugin_info info();

  std::string unavailable_reason() override;
  std::string device_description() override;

  void* allocate(std::uint64_t bytes) override;
  void release(void* buffer) override;
  void upload(void* dst, const void* host_src, std::uint64_t bytes) override;
  void download(void* host_dst, const void* src, std::uint64_t bytes) override;
  /// Every shard on its own GPU at once: the roofline is the GPUs' summed copy bandwidth.
  void copy(void* dst, const void* src, std::uint64_t bytes) override;
  void synchronize() override;

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override;

  void timer_start() override;
  void timer_stop() override;
  double timer_elapsed() override;

  /// Every GPU's L2, each on its stream; GPU 0's stream then waits for all of them.
  void flush_caches() override;
  /// GPU 0's clocks.
  parprim_clocks read_clocks() override;
  // No stream hold: a sort across GPUs waits on the host for its exchange sizes, which a held
  // stream would never deliver (docs/algorithms/multi_gpu.md).

  /// The group of the first `gpus` ranks, its communicators made on first use.
  gpu_group& group(int gpus);
  /// Makes the other GPUs' streams wait for GPU 0's, where the run's timer started.
  void fork(const gpu_group& g);
  /// Makes GPU 0's stream wait for the others', where the timer stops.
  void join(const gpu_group& g);

  /// The GPUs a plan may use: the visible devices, or PARPRIM_NCCL_VIRTUAL_GPUS ranks on GPU 0.
  int visible_gpus();

 private:
  void ensure_ready();
  /// Moves a buffer onto `gpus` GPUs, keeping its contents (dense).
  void place(sharded_buffer& b, int gpus);
  void allocate_shards(sharded_buffer& b);
  void free_shards(sharded_buffer& b);

  bool ready_ = false;
  const nccl_library* nccl_ = nullptr;  // null with virtual ranks
  int virtual_ = 0;                     // PARPRIM_NCCL_VIRTUAL_GPUS, 0 when unset
  int visible_ = 0;
  int placement_ = 0;                // the GPU count new buffers are laid out for: the last plan's
  std::vector<rank_context> ranks_;  // one per rank a plan may use
  std::vector<cudaEvent_t> fork_, join_;  // one per rank
  std::vector<cuda::l2_flush> flushes_;   // one per device
  cudaEvent_t timer_start_ = nullptr, timer_stop_ = nullptr;
  std::map<int, std::unique_ptr<gpu_group>> groups_;
  std::set<sharded_buffer*> live_;
};

}  // namespace parprim::nccl
