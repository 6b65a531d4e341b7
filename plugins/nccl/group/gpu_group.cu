#include "group/gpu_group.hpp"

#include <algorithm>
#include <stdexcept>

#include "parprim/plugin.hpp"

namespace parprim::nccl {
namespace {

__global__ void sum_parts(per_rank<const std::uint64_t*> parts, int count, std::uint64_t* root) {
  std::uint64_t sum = 0;
  for (int r = 0; r < count; ++r) sum += *parts[r];
  *root = sum;
}

}  // namespace

std::uint64_t type_bytes(ncclDataType_t type) {
  switch (type) {
    case ncclInt8:
    case ncclUint8:
      return 1;
    case ncclFloat16:
    case ncclBfloat16:
      return 2;
    case ncclInt32:
    case ncclUint32:
    case ncclFloat32:
      return 4;
    default:
      return 8;
  }
}

gpu_group::gpu_group(const nccl_library* nccl, std::vector<rank_context> ranks)
    : nccl_(nccl), ranks_(std::move(ranks)) {
  if (size() > max_gpus)
    throw error(PARPRIM_UNSUPPORTED, "at most " + std::to_string(max_gpus) + " ranks");
  if (nccl_ && size() > 1) {
    comms_.resize(size());
    std::vector<int> devices;
    for (const auto& r : ranks_) devices.push_back(r.device);
    PARPRIM_NCCL_CHECK(nccl_->comm_init_all(comms_.data(), size(), devices.data()));
  }
}

gpu_group::~gpu_group() {
  for (ncclComm_t c : comms_) nccl_->comm_destroy(c);
}

void gpu_group::all_wait_for_all() const {
  for (int r = 0; r < size(); ++r)
    on(r, [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(ranks_[r].ready, stream(r))); });
  for (int r = 0; r < size(); ++r)
    on(r, [&] {
      for (int q = 0; q < size(); ++q)
        if (q != r) PARPRIM_CUDA_CHECK(cudaStreamWaitEvent(stream(r), ranks_[q].ready, 0));
    });
}

void gpu_group::all_gather(const per_rank<const void*>& send, const per_rank<void*>& recv,
                           std::uint64_t count, ncclDataType_t type) const {
  if (nccl_) {
    PARPRIM_NCCL_CHECK(nccl_->group_start());
    for (int r = 0; r < size(); ++r)
      PARPRIM_NCCL_CHECK(nccl_->all_gather(send[r], recv[r], count, type, comms_[r], stream(r)));
    PARPRIM_NCCL_CHECK(nccl_->group_end());
    return;
  }
  const std::uint64_t bytes = count * type_bytes(type);
  all_wait_for_all();
  for (int r = 0; r < size(); ++r)
    on(r, [&] {
      for (int q = 0; q < size(); ++q)
        PARPRIM_CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(recv[r]) + q * bytes, send[q], bytes,
                                           cudaMemcpyDefault, stream(r)));
    });
}

void gpu_group::sum_to_root(const per_rank<const std::uint64_t*>& send, std::uint64_t* root) const {
  if (nccl_) {
    PARPRIM_NCCL_CHECK(nccl_->group_start());
    for (int r = 0; r < size(); ++r)
      PARPRIM_NCCL_CHECK(nccl_->reduce(send[r], r == 0 ? root : nullptr, 1, ncclUint64, ncclSum, 0,
                                       comms_[r], stream(r)));
    PARPRIM_NCCL_CHECK(nccl_->group_end());
    return;
  }
  all_wait_for_all();
  on(0, [&] {
    sum_parts<<<1, 1, 0, stream(0)>>>(send, size(), root);
    PARPRIM_CUDA_CHECK_LAUNCH("sum_parts");
  });
}

void gpu_group::exchange(const per_rank<const void*>& send, const per_rank<void*>& recv,
                         const unsigned long long* counts, ncclDataType_t type) const {
  const int k = size();
  const std::uint64_t b = type_bytes(type);
  if (!nccl_)
    all_wait_for_all();
  else
    PARPRIM_NCCL_CHECK(nccl_->group_start());
  for (int r = 0; r < k; ++r) {
    std::uint64_t sent = 0, received = 0;
    for (int q = 0; q < k; ++q) {
      const std::uint64_t out = counts[r * k + q], in = counts[q * k + r];
      const char* from = static_cast<const char*>(send[r]) + sent * b;
      char* into = static_cast<char*>(recv[r]) + received * b;
      if (nccl_) {
        if (out) PARPRIM_NCCL_CHECK(nccl_->send(from, out, type, q, comms_[r], stream(r)));
        if (in) PARPRIM_NCCL_CHECK(nccl_->recv(into, in, type, q, comms_[r], stream(r)));
      } else if (in) {         // the receiver copies rank q's part for it, on its own stream
        std::uint64_t at = 0;  // where q's part for r starts in q's send buffer
        for (int p = 0; p < r; ++p) at += counts[q * k + p];
        on(r, [&] {
          PARPRIM_CUDA_CHECK(cudaMemcpyAsync(into, static_cast<const char*>(send[q]) + at * b,
                                             in * b, cudaMemcpyDefault, stream(r)));
        });
      }
      sent += out;
      received += in;
    }
  }
  if (nccl_) PARPRIM_NCCL_CHECK(nccl_->group_end());
}

}  // namespace parprim::nccl
