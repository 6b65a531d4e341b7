#include "nccl_backend.hpp"

#include <algorithm>
#include <cstdlib>

#include "distributed_plans.hpp"
#include "parprim/cuda/availability.hpp"
#include "parprim/cuda/nvml_clocks.hpp"

namespace parprim::nccl {

plugin_info nccl_backend::info() {
  std::vector<std::int64_t> counts;
  for (int k = 1; k <= max_gpus; ++k) counts.push_back(k);
  const std::vector<param> gpus = {
      {"gpus",
       "GPUs the arrays are sharded across (ranks 0..gpus-1 are the first visible devices); "
       "0: every visible GPU",
       0, counts}};
  return {
      .name = "nccl",
      .version = "1.0.0",
      .description =
          "scan, compaction and sort across the GPUs of one host over NCCL "
          "(NCCL_NVLS_ENABLE=0 unless set)",
      .domain = PARPRIM_DOMAIN_DEVICE,
      .variants =
          {
              {PARPRIM_OP_SCAN,
               "sharded",
               "local reduce, all-gather of the totals, local CUB scan from the offset",
               PARPRIM_ALL_DTYPES,
               every_scan,
               {}},
              {PARPRIM_OP_COMPACT,
               "sharded",
               "local CUB select, counts reduced to GPU 0, output shards of varying length",
               PARPRIM_ALL_DTYPES,
               every_compact,
               {}},
              {PARPRIM_OP_SORT,
               "sharded",
               "sampled key ranges, grouped ncclSend/ncclRecv, local CUB radix sort",
               PARPRIM_ALL_DTYPES,
               every_sort,
               {}},
          },
      .params = gpus,
  };
}

namespace {

/// PARPRIM_NCCL_VIRTUAL_GPUS: 0 when unset; -1 when it is not a count of 2 to max_gpus.
int virtual_gpus_asked() {
  const char* text = std::getenv("PARPRIM_NCCL_VIRTUAL_GPUS");
  if (!text || !*text) return 0;
  char* end = nullptr;
  const long k = std::strtol(text, &end, 10);
  return (*end == 0 && k >= 2 && k <= max_gpus) ? int(k) : -1;
}

}  // namespace

std::string nccl_backend::unavailable_reason() {
  if (std::string reason = cuda::gpu_unavailable_reason(); !reason.empty()) return reason;
  const int virtual_gpus = virtual_gpus_asked();
  if (virtual_gpus < 0)
    return std::string("PARPRIM_NCCL_VIRTUAL_GPUS=") + std::getenv("PARPRIM_NCCL_VIRTUAL_GPUS") +
           ": expected a count of 2 to " + std::to_string(max_gpus);
  if (virtual_gpus > 0) return {};  // copies on one GPU: no NCCL needed
  std::string why;
  if (!open_nccl(&why)) return why;
  int count = 0;
  PARPRIM_CUDA_CHECK(cudaGetDeviceCount(&count));
  if (count < 2)
    return "needs two GPUs or more; " + std::to_string(count) +
           " visible (PARPRIM_NCCL_VIRTUAL_GPUS=K checks the algorithms on one)";
  return {};
}

void nccl_backend::ensure_ready() {
  if (ready_) return;
  virtual_ = virtual_gpus_asked();
  if (virtual_ < 0) throw error(PARPRIM_UNAVAILABLE, unavailable_reason());
  int devices = 0;
  PARPRIM_CUDA_CHECK(cudaGetDeviceCount(&devices));
  if (virtual_ > 0) {
    devices = 1;
  } else {
    std::string why;
    nccl_ = open_nccl(&why);
    if (!nccl_) throw error(PARPRIM_UNAVAILABLE, why);
  }
  visible_ = virtual_ > 0 ? virtual_ : devices;
  placement_ = visible_;
  ranks_.resize(visible_);
  fork_.resize(visible_);
  join_.resize(visible_);
  flushes_ = std::vector<cuda::l2_flush>(devices);
  for (int r = 0; r < visible_; ++r) {
    rank_context& rank = ranks_[r];
    rank.device = virtual_ > 0 ? 0 : r;
    on_device(rank.device, [&] {
      PARPRIM_CUDA_CHECK(cudaStreamCreateWithFlags(&rank.stream, cudaStreamNonBlocking));
      PARPRIM_CUDA_CHECK(cudaEventCreateWithFlags(&rank.ready, cudaEventDisableTiming));
      PARPRIM_CUDA_CHECK(cudaEventCreateWithFlags(&fork_[r], cudaEventDisableTiming));
      PARPRIM_CUDA_CHECK(cudaEventCreateWithFlags(&join_[r], cudaEventDisableTiming));
    });
  }
  // Shards copy between GPUs when a buffer moves; NCCL finds its own paths.
  for (int d = 0; d < devices; ++d)
    on_device(d, [&] {
      for (int peer = 0; peer < devices; ++peer) {
        int can = 0;
        if (peer != d && cudaDeviceCanAccessPeer(&can, d, peer) == cudaSuccess && can) {
          const cudaError_t e = cudaDeviceEnablePeerAccess(peer, 0);
          if (e == cudaErrorPeerAccessAlreadyEnabled)
            cudaGetLastError();
          else
            PARPRIM_CUDA_CHECK(e);
        }
      }
    });
  on_device(0, [&] {
    PARPRIM_CUDA_CHECK(cudaEventCreate(&timer_start_));
    PARPRIM_CUDA_CHECK(cudaEventCreate(&timer_stop_));
  });
  ready_ = true;
}

int nccl_backend::visible_gpus() {
  ensure_ready();
  return visible_;
}

std::string nccl_backend::device_description() {
  ensure_ready();
  if (virtual_ > 0)
    return std::to_string(virtual_) +
           " virtual ranks on one GPU (PARPRIM_NCCL_VIRTUAL_GPUS: "
           "copies, not NCCL; no multi-GPU timings): " +
           cuda::gpu_description();
  return std::to_string(visible_) + " GPUs, NCCL " + nccl_->version() +
         "; GPU 0: " + cuda::gpu_description();
}

gpu_group& nccl_backend::group(int gpus) {
  ensure_ready();
  std::unique_ptr<gpu_group>& g = groups_[gpus];
  if (!g) {
    try {
      g = std::make_unique<gpu_group>(
          nccl_, std::vector<rank_context>(ranks_.begin(), ranks_.begin() + gpus));
    } catch (...) {
      groups_.erase(gpus);
      throw;
    }
  }
  return *g;
}

void nccl_backend::fork(const gpu_group& g) {
  on_device(g.device(0), [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(fork_[0], g.stream(0))); });
  for (int r = 1; r < g.size(); ++r)
    g.on(r, [&] { PARPRIM_CUDA_CHECK(cudaStreamWaitEvent(g.stream(r), fork_[0], 0)); });
}

void nccl_backend::join(const gpu_group& g) {
  for (int r = 1; r < g.size(); ++r)
    g.on(r, [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(join_[r], g.stream(r))); });
  g.on(0, [&] {
    for (int r = 1; r < g.size(); ++r)
      PARPRIM_CUDA_CHECK(cudaStreamWaitEvent(g.stream(0), join_[r], 0));
  });
}

void nccl_backend::allocate_shards(sharded_buffer& b) {
  const std::uint64_t capacity = b.layout.capacity();
  b.shards.resize(b.layout.gpus);
  for (int r = 0; r < b.layout.gpus; ++r) {
    shard& s = b.shards[r];
    s.device = ranks_[r].device;
    on_device(s.device, [&] {
      void* p = nullptr;
      // The length slot sits after the data, 256-byte aligned as the capacity is.
      const std::uint64_t slot = (capacity + 255) / 256 * 256;
      const cudaError_t e = cudaMalloc(&p, slot + sizeof(std::uint64_t));
      if (e == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        free_shards(b);
        throw error(PARPRIM_OUT_OF_MEMORY, "cudaMalloc of " + std::to_string(capacity >> 20) +
                                               " MiB on GPU " + std::to_string(r) + " failed");
      }
      PARPRIM_CUDA_CHECK(e);
      s.data = p;
      s.length = reinterpret_cast<std::uint64_t*>(static_cast<char*>(p) + slot);
    });
  }
}

void nccl_backend::free_shards(sharded_buffer& b) {
  for (shard& s : b.shards)
    if (s.data) on_device(s.device, [&] { PARPRIM_CUDA_CHECK(cudaFree(s.data)); });
  b.shards.clear();
}

void* nccl_backend::allocate(std::uint64_t bytes) {
  ensure_ready();
  if (bytes == 0) return nullptr;
  auto b = std::make_unique<sharded_buffer>();
  b->layout = {bytes, placement_};
  allocate_shards(*b);
  live_.insert(b.get());
  return b.release();
}

void nccl_backend::release(void* buffer) {
  if (!buffer) return;
  auto* b = static_cast<sharded_buffer*>(buffer);
  live_.erase(b);
  synchronize();
  free_shards(*b);
  delete b;
}

void nccl_backend::synchronize() {
  ensure_ready();
  for (const rank_context& r : ranks_)
    on_device(r.device, [&] { PARPRIM_CUDA_CHECK(cudaStreamSynchronize(r.stream)); });
}

void nccl_backend::upload(void* dst, const void* host_src, std::uint64_t bytes) {
  if (bytes == 0) return;
  synchronize();  // no run still reads or writes the shards
  auto& b = *static_cast<sharded_buffer*>(dst);
  const auto* src = static_cast<const char*>(host_src);
  for (int r = 0; r < b.layout.gpus; ++r) {
    const std::uint64_t off = b.layout.offset(r);
    if (off >= bytes) break;
    const std::uint64_t n = std::min(b.layout.data_bytes(r), bytes - off);
    // On the rank's own stream, then waited for: a plain cudaMemcpy from pageable memory may
    // return before its copy lands, on the legacy stream, which the ranks' non-blocking streams
    // do not wait for, so a plan's first write (an empty compaction's count) could land first
    // and be overwritten (seen on an H100: the validation poison read back as the count).
    on_device(b.shards[r].device, [&] {
      PARPRIM_CUDA_CHECK(cudaMemcpyAsync(b.shards[r].data, src + off, n, cudaMemcpyHostToDevice,
                                         ranks_[r].stream));
    });
  }
  synchronize();
  b.segment_element_bytes = 0;
}

void nccl_backend::download(void* host_dst, const void* src, std::uint64_t bytes) {
  if (bytes == 0) return;
  synchronize();
  const auto& b = *static_cast<const sharded_buffer*>(src);
  auto* dst = static_cast<char*>(host_dst);
  std::uint64_t done = 0;
  for (int r = 0; r < b.layout.gpus && done < bytes; ++r) {
    on_device(b.shards[r].device, [&] {
      std::uint64_t n = b.layout.data_bytes(r);
      if (b.segment_element_bytes) {
        std::uint64_t length = 0;
        PARPRIM_CUDA_CHECK(
            cudaMemcpy(&length, b.shards[r].length, sizeof length, cudaMemcpyDeviceToHost));
        n = length * b.segment_element_bytes;
        if (n > b.layout.capacity())
          throw error(PARPRIM_ERROR, "shard " + std::to_string(r) + " claims " +
                                         std::to_string(length) + " elements, past its capacity");
      }
      n = std::min(n, bytes - done);
      PARPRIM_CUDA_CHECK(cudaMemcpy(dst + done, b.shards[r].data, n, cudaMemcpyDeviceToHost));
      done += n;
    });
  }
}

void nccl_backend::copy(void* dst, const void* src, std::uint64_t bytes) {
  if (bytes == 0) return;
  auto& d = *static_cast<sharded_buffer*>(dst);
  const auto& s = *static_cast<const sharded_buffer*>(src);
  if (d.layout.gpus != s.layout.gpus || d.layout.bytes < bytes || s.layout.bytes < bytes)
    throw error(PARPRIM_INVALID_ARGUMENT, "copy: the buffers are laid out differently");
  if (s.segment_element_bytes)
    throw error(PARPRIM_INVALID_ARGUMENT, "copy: the source holds shards of varying length");
  gpu_group& g = group(s.layout.gpus);
  fork(g);
  for (int r = 0; r < g.size(); ++r) {
    const std::uint64_t off = s.layout.offset(r);
    if (off >= bytes) break;
    const std::uint64_t n = std::min(s.layout.data_bytes(r), bytes - off);
    g.on(r, [&] {
      PARPRIM_CUDA_CHECK(cudaMemcpyAsync(d.shards[r].data, s.shards[r].data, n,
                                         cudaMemcpyDeviceToDevice, g.stream(r)));
    });
  }
  join(g);
  d.segment_element_bytes = 0;
}

void nccl_backend::place(sharded_buffer& b, int gpus) {
  if (b.layout.gpus == gpus) return;
  synchronize();
  sharded_buffer moved;
  moved.layout = {b.layout.bytes, gpus};
  allocate_shards(moved);
  // Every byte range where an old shard and a new one overlap, GPU to GPU.
  for (int from = 0; from < b.layout.gpus; ++from) {
    const std::uint64_t f0 = b.layout.offset(from), f1 = f0 + b.layout.data_bytes(from);
    for (int to = 0; to < gpus; ++to) {
      const std::uint64_t t0 = moved.layout.offset(to), t1 = t0 + moved.layout.data_bytes(to);
      const std::uint64_t lo = std::max(f0, t0), hi = std::min(f1, t1);
      if (lo >= hi) continue;
      PARPRIM_CUDA_CHECK(cudaMemcpyPeer(static_cast<char*>(moved.shards[to].data) + (lo - t0),
                                        moved.shards[to].device,
                                        static_cast<const char*>(b.shards[from].data) + (lo - f0),
                                        b.shards[from].device, hi - lo));
    }
  }
  for (std::size_t d = 0; d < flushes_.size(); ++d)  // the copies end before their sources go
    on_device(int(d), [&] { PARPRIM_CUDA_CHECK(cudaDeviceSynchronize()); });
  free_shards(b);
  b.layout = moved.layout;
  b.shards = std::move(moved.shards);
  b.segment_element_bytes = 0;
}

std::unique_ptr<plan> nccl_backend::create_plan(const problem& p, std::uint64_t n) {
  ensure_ready();
  const std::int64_t asked = p.params.at("gpus");
  const int gpus = asked == 0 ? visible_ : int(asked);
  if (gpus > visible_)
    throw error(PARPRIM_UNSUPPORTED, "gpus=" + std::to_string(gpus) + " but only " +
                                         std::to_string(visible_) + " GPUs are visible");
  placement_ = gpus;
  for (sharded_buffer* b : live_) place(*b, gpus);
  gpu_group& g = group(gpus);
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      return make_distributed_scan(*this, p, n, g);
    case PARPRIM_OP_COMPACT:
      return make_distributed_compact(*this, p, n, g);
    case PARPRIM_OP_SORT:
      return make_distributed_sort(*this, p, n, g);
    case PARPRIM_OP_UTF8_DECODE:
    case PARPRIM_OP_UTF8_ENCODE:
      break;  // no UTF-8 variant is declared
  }
  throw error(PARPRIM_UNSUPPORTED, "unknown operation");
}

sharded_buffer& buffer_of(const void* handle, const gpu_group& g, const char* role) {
  if (!handle) throw error(PARPRIM_INVALID_ARGUMENT, std::string("run: no ") + role + " buffer");
  auto& b = *static_cast<sharded_buffer*>(const_cast<void*>(handle));
  if (b.layout.gpus != g.size())
    throw error(PARPRIM_INVALID_ARGUMENT,
                std::string("run: the ") + role + " buffer is sharded across " +
                    std::to_string(b.layout.gpus) + " GPUs and the plan runs on " +
                    std::to_string(g.size()) + "; make the plan after allocating its buffers");
  return b;
}

const sharded_buffer& input_of(const void* handle, const gpu_group& g, const char* role) {
  const sharded_buffer& b = buffer_of(handle, g, role);
  // An earlier compaction's or sort's output: its shards hold varying lengths, not the dense
  // layout a plan reads.
  if (b.segment_element_bytes)
    throw error(PARPRIM_INVALID_ARGUMENT,
                std::string("run: the ") + role +
                    " buffer holds shards of varying length (an output of a compaction or "
                    "sort across GPUs); download and upload it to use it as an input");
  return b;
}

void nccl_backend::timer_start() {
  ensure_ready();
  on_device(0, [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(timer_start_, ranks_[0].stream)); });
}

void nccl_backend::timer_stop() {
  on_device(0, [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(timer_stop_, ranks_[0].stream)); });
}

double nccl_backend::timer_elapsed() {
  float ms = 0;
  on_device(0, [&] {
    PARPRIM_CUDA_CHECK(cudaEventSynchronize(timer_stop_));
    PARPRIM_CUDA_CHECK(cudaEventElapsedTime(&ms, timer_start_, timer_stop_));
  });
  return double(ms) / 1e3;
}

void nccl_backend::flush_caches() {
  ensure_ready();
  // On the stream of the device's first rank; GPU 0's stream, where the timer starts, then
  // waits for every flush.
  for (int d = 0; d < int(flushes_.size()); ++d)
    on_device(d, [&] {
      flushes_[d].write(ranks_[d].stream);
      PARPRIM_CUDA_CHECK(cudaEventRecord(join_[d], ranks_[d].stream));
    });
  on_device(0, [&] {
    for (int d = 1; d < int(flushes_.size()); ++d)
      PARPRIM_CUDA_CHECK(cudaStreamWaitEvent(ranks_[0].stream, join_[d], 0));
  });
}

parprim_clocks nccl_backend::read_clocks() {
  ensure_ready();
  return cuda::read_nvml_clocks(0);
}

}  // namespace parprim::nccl
