// The nccl plugin's buffer handle: one array, sharded across the GPUs of a layout. The runner
// holds it as an opaque pointer, as it holds any plugin's buffer.
#pragma once

#include <cstdint>
#include <vector>

#include "shards/shard_layout.hpp"

namespace parprim::nccl {

struct shard {
  int device = 0;
  void* data = nullptr;             // layout.capacity() bytes on `device`
  std::uint64_t* length = nullptr;  // device memory right after the data: see segmented
};

struct sharded_buffer {
  shard_layout layout;
  std::vector<shard> shards;
  // Zero while the array is dense (shard r holds bytes [offset(r), offset(r) + data_bytes(r))).
  // A run whose per-GPU outputs vary in length (a compaction, a sort across GPUs) sets it to the
  // element size and writes each shard's element count to its `length`: the array is then the
  // shards' leading elements concatenated in rank order, which is what download returns.
  // upload and copy make the array dense again.
  std::uint32_t segment_element_bytes = 0;
};

}  // namespace parprim::nccl
