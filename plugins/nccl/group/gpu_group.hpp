// The GPUs one plan runs on, and the collectives its algorithms need, over all ranks at once.
//
// Rank r runs on device(r) with its own stream. The collectives go through NCCL (grouped calls,
// one per rank) or, for virtual ranks, through copies on one device: PARPRIM_NCCL_VIRTUAL_GPUS=K
// makes GPU 0 stand for K ranks, so the algorithms can be checked where one GPU is all there is
// (docs/algorithms/multi_gpu.md). Virtual ranks share one GPU: their times are no multi-GPU
// figures.
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <array>
#include <cstdint>
#include <vector>

#include "group/nccl_library.hpp"
#include "parprim/cuda/check.hpp"

namespace parprim::nccl {

/// Runs `fn` with `device` current.
template <class Fn>
void on_device(int device, Fn&& fn) {
  PARPRIM_CUDA_CHECK(cudaSetDevice(device));
  fn();
}

/// The most ranks a group has: the `gpus` parameter's largest value.
inline constexpr int max_gpus = 8;

/// One pointer per rank of a group (the first size() are used): the collectives' buffers, passed
/// without allocating in a plan's run.
template <class P>
using per_rank = std::array<P, max_gpus>;

/// One rank: the device it runs on, its stream, and an event the collectives order by.
struct rank_context {
  int device = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t ready = nullptr;
};

class gpu_group {
 public:
  /// NCCL communicators over the ranks' devices when `nccl` is given, else virtual ranks.
  gpu_group(const nccl_library* nccl, std::vector<rank_context> ranks);
  gpu_group(const gpu_group&) = delete;
  gpu_group& operator=(const gpu_group&) = delete;
  ~gpu_group();

  int size() const { return int(ranks_.size()); }
  int device(int rank) const { return ranks_[rank].device; }
  cudaStream_t stream(int rank) const { return ranks_[rank].stream; }
  /// Runs `fn` with rank r's device current.
  template <class Fn>
  void on(int rank, Fn&& fn) const {
    on_device(device(rank), fn);
  }

  /// recv[r] receives send[0], send[1], ... in rank order, `count` elements of `type` each.
  void all_gather(const per_rank<const void*>& send, const per_rank<void*>& recv,
                  std::uint64_t count, ncclDataType_t type) const;
  /// *root (on rank 0) = the sum over ranks of *send[r].
  void sum_to_root(const per_rank<const std::uint64_t*>& send, std::uint64_t* root) const;
  /// Rank r sends counts[r * size() + q] elements to rank q from send[r], its parts for q = 0,
  /// 1, ... one after the other; rank q receives into recv[q] from r = 0, 1, ... in rank order.
  void exchange(const per_rank<const void*>& send, const per_rank<void*>& recv,
                const unsigned long long* counts, ncclDataType_t type) const;

 private:
  /// Virtual ranks: every rank's stream waits for what every rank has queued so far.
  void all_wait_for_all() const;

  const nccl_library* nccl_;
  std::vector<rank_context> ranks_;
  std::vector<ncclComm_t> comms_;
};

/// Bytes of one element of an NCCL data type.
std::uint64_t type_bytes(ncclDataType_t type);

}  // namespace parprim::nccl
