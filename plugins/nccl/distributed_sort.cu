// Sort across GPUs: key ranges chosen from samples (key_ranges.cuh), a stable partition of each
// shard by destination, the sizes gathered and read on the host (NCCL's send and receive counts
// are host values), one exchange of grouped ncclSend/ncclRecv, and a stable CUB radix sort of
// what each GPU received into its output shard. Each GPU receives from the GPUs in rank order,
// and each sends in its shard's order, so equal keys stay in input order: the sort is stable.
// The output shards vary in length (an even share, give or take the sample's error), which the
// download concatenates; one GPU is a plain CUB sort.
#include <algorithm>
#include <array>

#include "distributed_plans.hpp"
#include "group/nccl_types.hpp"
#include "key_ranges.cuh"
#include "parprim/cuda/cub_calls.cuh"
#include "shards/plan_memory.hpp"

namespace parprim::nccl {
namespace {

// Samples per GPU: the key ranges' sizes then stray from an even share by well under 1% (the
// shards' room is 1/16), and sampling and sorting the samples takes tens of microseconds.
constexpr std::uint32_t samples_per_gpu = 1u << 16;
constexpr std::uint64_t sample_seed = 0x5eed0f5a3b1e5ull;

int destination_bits(int gpus) {
  int bits = 0;
  while ((1 << bits) < gpus) ++bits;
  return bits;
}

/// Calls fn.template operator()<k>() for a group of k GPUs (2..max_gpus).
template <class Fn>
void with_gpu_count(int k, Fn&& fn) {
  switch (k) {
    case 2:
      return fn.template operator()<2>();
    case 3:
      return fn.template operator()<3>();
    case 4:
      return fn.template operator()<4>();
    case 5:
      return fn.template operator()<5>();
    case 6:
      return fn.template operator()<6>();
    case 7:
      return fn.template operator()<7>();
    case 8:
      return fn.template operator()<8>();
  }
  throw error(PARPRIM_UNSUPPORTED, "sort across " + std::to_string(k) + " GPUs: 2 to 8 only");
}

template <class T>
class distributed_sort final : public plan, public phase_timed {
  using K = radix_key_t<T>;

 public:
  distributed_sort(nccl_backend& b, const problem& p, std::uint64_t n, gpu_group& g)
      : backend_(b),
        g_(g),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        layout_{n * sizeof(T), g.size()} {
    const int k = g_.size();
    stride_ = layout_.stride() / sizeof(T);
    capacity_ = layout_.capacity() / sizeof(T);
    samples_ = std::uint32_t(std::clamp<std::uint64_t>(stride_, 1, samples_per_gpu));
    // Every CUB sort of a run, fixed here with its largest count: its storage is sized from it.
    const cuda::radix_sort_form by_destination{cuda::sort_payload::pairs, false,
                                               destination_bits(k)};
    local_sort_ = {cuda::radix_sort_form::of<T>(p), k == 1 ? n : capacity_};
    if (k > 1) {
      sample_sort_ = {{cuda::sort_payload::pairs, false, int(sizeof(K) * 8)},
                      std::uint64_t(samples_) * k};
      split_sort_ = {by_destination, stride_};
    }
    std::size_t temp = 0;
    for (int r = 0; r < k; ++r) g_.on(r, [&] { temp = std::max(temp, temp_bytes(r)); });
    temp_bytes_ = temp;
    carver sizing;
    carve(sizing);
    memory_.allocate(g_, sizing.used());
    for (int r = 0; r < k; ++r) {
      carver c(memory_.on(r));
      scratch_.push_back(carve(c));
    }
    if (k > 1)
      for (int r = 0; r < k; ++r)
        g_.on(r, [&] {
          int sms = 0;
          PARPRIM_CUDA_CHECK(
              cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, g_.device(r)));
          assign_blocks_.push_back(unsigned(
              std::min<std::uint64_t>((shard_count(r) + 255) / 256, std::uint64_t(sms) * 8)));
        });
    PARPRIM_CUDA_CHECK(cudaMallocHost(&host_matrix_, sizeof(unsigned long long) * k * k));
    events_.resize(k);
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        for (cudaEvent_t& e : events_[r]) PARPRIM_CUDA_CHECK(cudaEventCreate(&e));
      });
  }
  ~distributed_sort() override {
    cudaFreeHost(host_matrix_);
    for (int r = 0; r < int(events_.size()); ++r) {
      cudaSetDevice(g_.device(r));
      for (cudaEvent_t e : events_[r]) cudaEventDestroy(e);
    }
  }

  void run(const parprim_io& io) override {
    if (layout_.bytes == 0) return;
    const int k = g_.size();
    const auto& keys_in = input_of(io.in, g_, "keys input");
    auto& keys_out = buffer_of(io.out, g_, "keys output");
    const sharded_buffer* values_in =
        pairs_ ? &input_of(io.values_in, g_, "values input") : nullptr;
    sharded_buffer* values_out = pairs_ ? &buffer_of(io.values_out, g_, "values output") : nullptr;
    if (k == 1) {
      g_.on(0, [&] {
        local_sort_.run(scratch_[0].temp, temp_bytes_, data<T>(keys_in, 0), data<T>(keys_out, 0),
                        pairs_ ? data<T>(*values_in, 0) : nullptr,
                        pairs_ ? data<T>(*values_out, 0) : nullptr, local_sort_.max_count(),
                        g_.stream(0));
      });
      return;
    }
    backend_.fork(g_);
    record(0);
    choose_ranges(keys_in);
    partition(keys_in, values_in);
    // The exchange sizes, on the host: every GPU gathered the same matrix; read GPU 0's.
    g_.on(0, [&] {
      PARPRIM_CUDA_CHECK(cudaMemcpyAsync(host_matrix_, scratch_[0].matrix,
                                         sizeof(unsigned long long) * k * k, cudaMemcpyDeviceToHost,
                                         g_.stream(0)));
      PARPRIM_CUDA_CHECK(cudaStreamSynchronize(g_.stream(0)));
    });
    for (int r = 0; r < k; ++r) {
      std::uint64_t& received = received_[r];
      received = 0;
      for (int q = 0; q < k; ++q) received += host_matrix_[q * k + r];
      if (received > capacity_)
        throw error(PARPRIM_ERROR, "sort: GPU " + std::to_string(r) + " would receive " +
                                       std::to_string(received) + " elements, past its room for " +
                                       std::to_string(capacity_) +
                                       " (the sampled key ranges are "
                                       "unbalanced beyond their bound)");
    }
    record(2);
    exchange(pairs_);
    record(3);
    for (int r = 0; r < k; ++r) g_.on(r, [&] { local_sort(r, keys_out, values_out); });
    record(4);
    keys_out.segment_element_bytes = sizeof(T);
    if (values_out) values_out->segment_element_bytes = sizeof(T);
    backend_.join(g_);
    timed_ = phase_events_;
  }

  void time_phases() override { phase_events_ = true; }

  sort_phases last_phases() override {
    sort_phases p;
    if (!timed_) return p;
    const int k = g_.size();
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        std::array<float, 4> ms{};
        for (int i = 0; i < 4; ++i) {
          PARPRIM_CUDA_CHECK(cudaEventSynchronize(events_[r][i + 1]));
          PARPRIM_CUDA_CHECK(cudaEventElapsedTime(&ms[i], events_[r][i], events_[r][i + 1]));
        }
        p.split = std::max(p.split, double(ms[0]) / 1e3);
        p.sizes_to_host = std::max(p.sizes_to_host, double(ms[1]) / 1e3);
        p.exchange = std::max(p.exchange, double(ms[2]) / 1e3);
        p.local_sort = std::max(p.local_sort, double(ms[3]) / 1e3);
      });
    p.bytes_between_gpus = 0;
    for (int r = 0; r < k; ++r)
      for (int q = 0; q < k; ++q)
        if (q != r) p.bytes_between_gpus += host_matrix_[r * k + q] * sizeof(T) * (pairs_ ? 2 : 1);
    return p;
  }

 private:
  struct scratch {
    K *sample_keys, *gathered_keys, *sorted_keys;
    std::uint64_t *sample_positions, *gathered_positions, *sorted_positions;
    unsigned long long *counts, *matrix;
    std::uint8_t *destination, *destination_sorted;
    T *send_keys, *send_values, *received_keys, *received_values;
    void* temp;
  };

  scratch carve(carver& c) const {
    const std::uint64_t total = std::uint64_t(samples_) * g_.size();
    scratch s{};
    if (g_.size() == 1) {  // a plain CUB sort: its temporary storage only
      s.temp = c.take<char>(temp_bytes_);
      return s;
    }
    s.sample_keys = c.take<K>(samples_);
    s.sample_positions = c.take<std::uint64_t>(samples_);
    s.gathered_keys = c.take<K>(total);
    s.gathered_positions = c.take<std::uint64_t>(total);
    s.sorted_keys = c.take<K>(total);
    s.sorted_positions = c.take<std::uint64_t>(total);
    s.counts = c.take<unsigned long long>(g_.size());
    s.matrix = c.take<unsigned long long>(g_.size() * g_.size());
    s.destination = c.take<std::uint8_t>(stride_);
    s.destination_sorted = c.take<std::uint8_t>(stride_);
    s.send_keys = c.take<T>(stride_);
    s.send_values = c.take<T>(pairs_ ? stride_ : 0);
    s.received_keys = c.take<T>(capacity_);
    s.received_values = c.take<T>(pairs_ ? capacity_ : 0);
    s.temp = c.take<char>(temp_bytes_);
    return s;
  }
  /// Rank r's pointer to one of its scratch arrays, for every rank: a collective's argument.
  template <class P>
  per_rank<P> each(auto scratch::*member) const {
    per_rank<P> pointers{};
    for (int r = 0; r < g_.size(); ++r) pointers[r] = scratch_[r].*member;
    return pointers;
  }
  template <class U>
  static U* data(const sharded_buffer& b, int r) {
    return static_cast<U*>(b.shards[r].data);
  }
  std::uint64_t shard_count(int r) const { return layout_.data_bytes(r) / sizeof(T); }
  std::uint64_t base(int r) const { return layout_.offset(r) / sizeof(T); }
  /// Every GPU's event i of the run's steps, when they are timed (time_phases).
  void record(int i) {
    if (!phase_events_) return;
    for (int r = 0; r < g_.size(); ++r)
      g_.on(r, [&] { PARPRIM_CUDA_CHECK(cudaEventRecord(events_[r][i], g_.stream(r))); });
  }

  /// The largest temporary storage rank r's CUB sorts need, each asked with its own form.
  std::size_t temp_bytes(int r) const {
    const cudaStream_t s = g_.stream(r);
    return std::max({sample_sort_.temp_bytes(s), split_sort_.temp_bytes(s),
                     local_sort_.temp_bytes(s)});
  }

  /// Samples, gathers and sorts them on every GPU, and assigns each element its destination.
  void choose_ranges(const sharded_buffer& keys_in) {
    const int k = g_.size();
    const std::uint32_t total = samples_ * k;
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        const scratch& s = scratch_[r];
        sample_shard<T><<<(samples_ + 255) / 256, 256, 0, g_.stream(r)>>>(
            data<const T>(keys_in, r), shard_count(r), base(r), descending_, samples_, sample_seed,
            s.sample_keys, s.sample_positions);
        PARPRIM_CUDA_CHECK_LAUNCH("sample_shard");
      });
    g_.all_gather(each<const void*>(&scratch::sample_keys), each<void*>(&scratch::gathered_keys),
                  samples_, nccl_type<K>());
    g_.all_gather(each<const void*>(&scratch::sample_positions),
                  each<void*>(&scratch::gathered_positions), samples_, ncclUint64);
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        const scratch& s = scratch_[r];
        // Gathered in rank order, each GPU's positions ascending: a stable sort by key leaves
        // the samples in (key, position) order, the same on every GPU.
        sample_sort_.run(s.temp, temp_bytes_, s.gathered_keys, s.sorted_keys,
                         s.gathered_positions, s.sorted_positions, total, g_.stream(r));
        PARPRIM_CUDA_CHECK(
            cudaMemsetAsync(s.counts, 0, sizeof(unsigned long long) * k, g_.stream(r)));
        if (shard_count(r) == 0) return;
        with_gpu_count(k, [&]<int gpus>() {
          assign_ranges<T, gpus><<<assign_blocks_[r], 256, 0, g_.stream(r)>>>(
              data<const T>(keys_in, r), shard_count(r), base(r), descending_, s.sorted_keys,
              s.sorted_positions, total, s.destination, s.counts);
        });
        PARPRIM_CUDA_CHECK_LAUNCH("assign_ranges");
      });
  }

  /// Orders each shard by destination, stably, into the send buffers, and gathers the counts.
  void partition(const sharded_buffer& keys_in, const sharded_buffer* values_in) {
    const int k = g_.size();
    for (int r = 0; r < k; ++r)
      g_.on(r, [&] {
        const scratch& s = scratch_[r];
        split_sort_.run(s.temp, temp_bytes_, s.destination, s.destination_sorted,
                        data<const T>(keys_in, r), s.send_keys, shard_count(r), g_.stream(r));
        if (values_in)
          split_sort_.run(s.temp, temp_bytes_, s.destination, s.destination_sorted,
                          data<const T>(*values_in, r), s.send_values, shard_count(r),
                          g_.stream(r));
      });
    g_.all_gather(each<const void*>(&scratch::counts), each<void*>(&scratch::matrix), k,
                  ncclUint64);
    record(1);
  }

  /// Rank r sends its destination-q part to q, and receives from every q in rank order.
  void exchange(bool with_values) {
    g_.exchange(each<const void*>(&scratch::send_keys), each<void*>(&scratch::received_keys),
                host_matrix_, nccl_type<T>());
    if (with_values)
      g_.exchange(each<const void*>(&scratch::send_values), each<void*>(&scratch::received_values),
                  host_matrix_, nccl_type<T>());
  }

  void local_sort(int r, sharded_buffer& keys_out, sharded_buffer* values_out) {
    const scratch& s = scratch_[r];
    received_length<<<1, 1, 0, g_.stream(r)>>>(s.matrix, g_.size(), r, keys_out.shards[r].length,
                                               values_out ? values_out->shards[r].length : nullptr);
    PARPRIM_CUDA_CHECK_LAUNCH("received_length");
    local_sort_.run(s.temp, temp_bytes_, s.received_keys, data<T>(keys_out, r),
                    values_out ? s.received_values : nullptr,
                    values_out ? data<T>(*values_out, r) : nullptr, received_[r], g_.stream(r));
  }

  nccl_backend& backend_;
  gpu_group& g_;
  bool descending_, pairs_;
  shard_layout layout_;
  std::uint64_t stride_ = 0, capacity_ = 0;
  std::uint32_t samples_ = 0;
  // The run's CUB sorts: of the samples by key, of a shard by destination, of what a GPU received
  // (one GPU: of the whole input).
  cuda::cub_radix_sort<K, std::uint64_t> sample_sort_;
  cuda::cub_radix_sort<std::uint8_t, T> split_sort_;
  cuda::cub_radix_sort<T> local_sort_;
  std::size_t temp_bytes_ = 0;
  per_gpu_memory memory_;
  std::vector<scratch> scratch_;         // per rank, carved out of memory_
  std::vector<unsigned> assign_blocks_;  // per rank: assign_ranges' grid
  unsigned long long* host_matrix_ = nullptr;
  per_rank<std::uint64_t> received_{};  // per rank: elements received, from host_matrix_
  // Per GPU: start, ranges and sizes gathered, sizes read by the host, exchanged, sorted.
  std::vector<std::array<cudaEvent_t, 5>> events_;
  bool phase_events_ = false;  // record events_ (time_phases)
  bool timed_ = false;         // the last run recorded them
};

}  // namespace

std::unique_ptr<plan> make_distributed_sort(nccl_backend& b, const problem& p, std::uint64_t n,
                                            gpu_group& g) {
  return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
    return std::make_unique<distributed_sort<T>>(b, p, n, g);
  });
}

}  // namespace parprim::nccl
