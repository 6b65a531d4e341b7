// How an array of `bytes` is split across `gpus` GPUs: equal shards of whole 256-byte blocks in
// rank order (so each shard holds whole elements of every type, and the last shards may be
// shorter or empty), each with room beyond its data for a share that a sort across GPUs hands it.
// Pure arithmetic, no CUDA: the tests check it here.
#pragma once

#include <algorithm>
#include <cstdint>

namespace parprim::nccl {

struct shard_layout {
  static constexpr std::uint64_t granularity = 256;
  // A sort's key ranges are chosen from samples, so a GPU may receive a little more than an even
  // share (docs/algorithms/multi_gpu.md bounds it): every shard of a layout over several GPUs
  // has this much room past its data, at least min_slack bytes.
  static constexpr std::uint64_t slack_divisor = 16;
  static constexpr std::uint64_t min_slack = 64 << 10;

  std::uint64_t bytes = 0;
  int gpus = 1;

  std::uint64_t stride() const {
    const std::uint64_t even = (bytes + std::uint64_t(gpus) - 1) / std::uint64_t(gpus);
    return (even + granularity - 1) / granularity * granularity;
  }
  std::uint64_t offset(int rank) const { return std::min(bytes, std::uint64_t(rank) * stride()); }
  std::uint64_t data_bytes(int rank) const {
    return std::min(bytes, offset(rank) + stride()) - offset(rank);
  }
  /// Bytes allocated for the shard's data and the room past it.
  std::uint64_t capacity() const {
    if (gpus == 1) return bytes;
    return stride() + std::max(stride() / slack_divisor, min_slack);
  }
};

}  // namespace parprim::nccl
