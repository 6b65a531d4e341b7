// cpu_tbb's radix sort: host/hybrid_radix_sort.hpp with its memory-wide splits done by every
// thread at once. A range too large for one thread is cut into blocks; each block counts its
// digits in parallel, the counts become each block's write offsets (digit-major, so equal
// digits keep block order: stable), and the blocks scatter in parallel through their thread's
// write-combining buffers. The buckets are then sorted in parallel, one thread's radix_sorter
// each; a bucket still too large for one thread (skewed keys) is split the same way again.
// A whole keys-only array whose keys differ in their top bit is split with no count before it,
// as cpu_seq splits it (bucket_chunks.hpp), on as many threads as the policy says it pays on
// (no AVX-512, and Zen 4: 2 at most; Intel's AVX-512 cores: 16): each block, cut on whole
// chunks, scatters into chunks of its own part of the spare array, and each bucket is gathered
// from the blocks' chunks in block order (stable) into its thread's staging array in cache to
// be sorted.
// A keys-only array of 32-bit integers that cpu_seq would partition in place (Zen 4, 5), or one of
// at most the policy's parallel_in_place_max_keys (Intel: 2^25), is instead partitioned in place
// by every thread (parallel_in_place_sort.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "blocks.hpp"
#include "parallel_in_place_sort.hpp"
#include "parprim/host/aligned_array.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_tbb {

template <class T>
class parallel_radix_sort_plan final : public plan {
  using counts_type = std::array<std::uint64_t, host::max_buckets>;

 public:
  /// `policy`: the plugin takes the default; the tests and the A/Bs force its choices.
  parallel_radix_sort_plan(const problem& p, std::uint64_t n, int threads,
                           const host::radix_sort_policy& policy = {})
      : policy_(policy),
        n_(n),
        keys_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        arena_(threads),
        max_blocks_(2 * static_cast<std::uint64_t>(arena_.max_concurrency())),
        block_counts_(max_blocks_),
        block_offsets_(max_blocks_),
        block_bounds_(max_blocks_),
        bucket_counts_(host::radix_keys<T>::bits / policy_.min_split_bits + 1) {
    for (int t = 0; t < arena_.max_concurrency(); ++t)
      sorters_.push_back(std::make_unique<host::radix_sorter<T>>(policy_, pairs_));
    // One thread sorts ranges up to a few cache sorts long: below that, a parallel split costs
    // more in its partial lines and joins than the other threads give back.
    serial_limit_ = 4 * static_cast<std::uint64_t>(sorters_.front()->capacity());
#if PARPRIM_HAVE_AVX512
    // Where cpu_seq would partition this array in place, every thread does (step 28); and
    // below the policy's size where only many threads gain by it (step 35).
    if (!pairs_ && n > serial_limit_ &&
        (policy_.in_place_partitions || n <= policy_.parallel_in_place_max_keys) &&
        sorters_.front()->could_sort_in_place(n)) {
      in_place_ = std::make_unique<parallel_in_place_sort>(arena_, policy_.in_place_leaf_keys);
      return;  // it sorts from the input into the output: no spare array
    }
#endif
    spare_keys_ = host::aligned_array<T>(n);
    if (pairs_)
      spare_values_ = host::aligned_array<T>(n);
    else
      reserve_split_without_count();
  }

  /// Whether run takes parallel_in_place_sort (the tests ask).
  bool partitions_in_place() const {
#if PARPRIM_HAVE_AVX512
    return in_place_ != nullptr;
#else
    return false;
#endif
  }

  /// Whether run splits these keys with no count before it (the tests ask).
  bool splits_without_count(const T* keys) const {
    return chunk_keys_ > 0 && host::radix_sorter<T>::top_bit_varies(keys, n_, keys_);
  }

  void run(const parprim_io& io) override {
    const host::elements<const T> in{io_in<T>(io), pairs_ ? io_values_in<T>(io) : nullptr};
    const host::elements<T> out{io_out<T>(io), pairs_ ? io_values_out<T>(io) : nullptr};
    const host::elements<T> spare{spare_keys_.data(), pairs_ ? spare_values_.data() : nullptr};
#if PARPRIM_HAVE_AVX512
    if (in_place_) {
      // The XOR that maps an element to its radix key: that key of zero (as radix_sorter's).
      return arena_.execute([&] {
        (*in_place_)(reinterpret_cast<const std::uint32_t*>(in.keys),
                     reinterpret_cast<std::uint32_t*>(out.keys), n_,
                     static_cast<std::uint32_t>(keys_(T{0})));
      });
    }
#endif
    arena_.execute([&] {
      if (!pairs_ && splits_without_count(in.keys))
        return split_without_count(in.keys, out.keys, spare.keys);
      sort(in, out, spare, n_, host::radix_keys<T>::bits, 0);
    });
  }

 private:
  // Room for the split with no count (cpu_sort.md, step 38): where the policy takes it on this
  // many threads and the array is larger than one thread sorts, blocks cut on whole chunks of
  // the size cpu_seq's split would choose for a block, each block's chunk pool its own part of
  // the spare array and a slack of its own; a staging array for every sorter. chunk_keys_
  // stays 0 otherwise.
  void reserve_split_without_count() {
    const auto threads = static_cast<unsigned>(arena_.max_concurrency());
    if (!policy_.split_without_count ||
        threads > policy_.parallel_split_without_count_max_threads || n_ <= serial_limit_)
      return;
    const std::uint32_t capacity = sorters_.front()->capacity();
    const std::uint64_t count = std::min<std::uint64_t>(max_blocks_, n_ / capacity);
    const host::digit_place top =
        host::first_split_place(n_, host::radix_keys<T>::bits, capacity, policy_);
    const std::uint64_t chunk_keys = host::bucket_chunks<T>::chunk_keys_for(
        n_ / count, top.buckets(), policy_.min_chunk_bytes, policy_.max_chunk_bytes);
    if (chunk_keys == 0) return;
    top_ = top;
    chunk_keys_ = chunk_keys;
    chunk_blocks_ = cpu_tbb::blocks{n_, count, chunk_keys};
    block_chunks_.resize(count);
    for (std::uint64_t b = 0; b < count; ++b)
      block_chunks_[b].reserve(chunk_blocks_.end(b) - chunk_blocks_.begin(b), top.buckets(),
                               chunk_keys);
    for (auto& sorter : sorters_) sorter->reserve_staging(count);
  }

  // The split with no count: the blocks scatter into their chunks in parallel, then the buckets
  // the cache sort takes are gathered and sorted by the threads, the larger ones (skewed keys)
  // gathered into their places and sorted there once no chunk is needed.
  void split_without_count(const T* src, T* out, T* spare) {
    const std::uint32_t buckets = top_.buckets();
    chunk_blocks_.for_each([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      block_chunks_[b].begin(spare + begin, end - begin, buckets, chunk_keys_);
      own_sorter().buffers().scatter_to_chunks(src + begin, end - begin, block_chunks_[b],
                                               host::digit_of<T>{keys_, top_});
    });
    auto& totals = bucket_counts_[0];
    std::fill_n(totals.begin(), buckets, 0);
    for (const auto& chunks : block_chunks_)
      for (std::uint32_t d = 0; d < buckets; ++d) totals[d] += chunks.counts()[d];
    std::uint64_t starts[host::max_buckets];
    host::exclusive_offsets(totals.data(), buckets, std::uint64_t{0}, starts);
    const std::span<const host::bucket_chunks<T>> sets(block_chunks_);
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, buckets, 1), [&](const auto& r) {
      for (std::uint32_t d = r.begin(); d != r.end(); ++d)
        own_sorter().sort_bucket_from_chunks(sets, d, totals[d], out + starts[d], top_.shift,
                                             keys_);
    });
    const auto larger = [&](std::uint32_t d) { return totals[d] > own_sorter().capacity(); };
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, buckets, 1), [&](const auto& r) {
      for (std::uint32_t d = r.begin(); d != r.end(); ++d)
        if (larger(d) && totals[d] <= serial_limit_)
          own_sorter().sort({out + starts[d], nullptr}, {out + starts[d], nullptr},
                            {spare + starts[d], nullptr}, totals[d], top_.shift, keys_);
    });
    for (std::uint32_t d = 0; d < buckets; ++d)
      if (totals[d] > serial_limit_)
        sort({out + starts[d], nullptr}, {out + starts[d], nullptr}, {spare + starts[d], nullptr},
             totals[d], top_.shift, 1);
  }

  // radix_sorter::sort's contract, with the split spread over the threads.
  void sort(host::elements<const T> src, host::elements<T> out, host::elements<T> spare,
            std::uint64_t n, unsigned low_bits, unsigned depth) {
    if (n <= serial_limit_) return own_sorter().sort(src, out, spare, n, low_bits, keys_);
    const std::uint32_t capacity = own_sorter().capacity();
    const std::uint64_t blocks = std::min<std::uint64_t>(max_blocks_, n / capacity);
    const host::digit_place first = host::first_split_place(n, low_bits, capacity, policy_);
    const auto bounds = count_blocks(src, n, blocks, first);
    const host::split_choice choice = host::choose_split(bounds, low_bits, n, capacity, policy_);
    if (choice.kind == host::split_choice::copy) return copy(src, out, n);
    if (choice.place != first) count_blocks(src, n, blocks, choice.place);

    const host::elements<T> to = host::split_destination(choice, src, out, spare);
    auto& totals = bucket_counts_[depth];
    scatter_blocks(src, n, blocks, choice.place, to, totals);
    if (choice.kind == host::split_choice::one_pass) return copy(to, out, n);

    // Buckets one thread can sort, in parallel; the others one after another, each split by
    // all the threads.
    const std::uint32_t buckets = choice.place.buckets();
    const unsigned below = choice.place.shift;
    std::uint64_t starts[host::max_buckets];
    host::exclusive_offsets(totals.data(), buckets, std::uint64_t{0}, starts);
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, buckets, 1), [&](const auto& r) {
      for (std::uint32_t b = r.begin(); b != r.end(); ++b)
        if (totals[b] && totals[b] <= serial_limit_)
          own_sorter().sort(to + starts[b], out + starts[b], spare + starts[b], totals[b], below,
                            keys_);
    });
    for (std::uint32_t b = 0; b < buckets; ++b)
      if (totals[b] > serial_limit_)
        sort(to + starts[b], out + starts[b], spare + starts[b], totals[b], below, depth + 1);
  }

  // Each block's counts of `place` (block_counts_), and the range's key bounds.
  host::key_bounds<radix_key_t<T>> count_blocks(host::elements<const T> src, std::uint64_t n,
                                                std::uint64_t blocks, host::digit_place place) {
    cpu_tbb::blocks{n, blocks}.for_each(
        [&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
          auto& counts = block_counts_[b];
          std::fill_n(counts.begin(), place.buckets(), 0);
          block_bounds_[b] =
              host::count_digit(src.keys + begin, end - begin, keys_, place, counts.data());
        });
    host::key_bounds<radix_key_t<T>> all;
    for (std::uint64_t b = 0; b < blocks; ++b) all.merge(block_bounds_[b]);
    return all;
  }

  // The stable scatter of src by `place` from block_counts_, each block through its thread's
  // buffers; totals receives every bucket's count.
  void scatter_blocks(host::elements<const T> src, std::uint64_t n, std::uint64_t blocks,
                      host::digit_place place, host::elements<T> to, counts_type& totals) {
    // Digit-major, block-minor: block b's keys with digit d follow every smaller digit and
    // block b-1's keys with digit d.
    std::uint64_t sum = 0;
    for (std::uint32_t d = 0; d < place.buckets(); ++d) {
      totals[d] = 0;
      for (std::uint64_t b = 0; b < blocks; ++b) {
        block_offsets_[b][d] = sum;
        sum += block_counts_[b][d];
        totals[d] += block_counts_[b][d];
      }
    }
    cpu_tbb::blocks{n, blocks}.for_each([&](std::uint64_t b, std::uint64_t begin,
                                            std::uint64_t end) {
      own_sorter().buffers().scatter(src + begin, end - begin, place.buckets(),
                                     block_offsets_[b].data(), to, host::digit_of<T>{keys_, place});
    });
  }

  void copy(host::elements<const T> src, host::elements<T> dst, std::uint64_t n) {
    if (src.keys == dst.keys) return;
    const std::uint64_t blocks = std::min<std::uint64_t>(max_blocks_, n / 4096 + 1);
    cpu_tbb::blocks{n, blocks}.for_each([&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
      host::copy_elements(src + begin, dst + begin, end - begin);
    });
  }

  // The calling thread's sorter: a thread sorts one range at a time, so none is shared.
  host::radix_sorter<T>& own_sorter() {
    return *sorters_[static_cast<std::size_t>(tbb::this_task_arena::current_thread_index())];
  }

  host::radix_sort_policy policy_;
  std::uint64_t n_;
  host::radix_keys<T> keys_;
  bool pairs_;
  tbb::task_arena arena_;
  std::uint64_t max_blocks_;
  std::uint64_t serial_limit_ = 0;
  host::aligned_array<T> spare_keys_, spare_values_;
  std::vector<std::unique_ptr<host::radix_sorter<T>>> sorters_;
#if PARPRIM_HAVE_AVX512
  std::unique_ptr<parallel_in_place_sort> in_place_;  // where the threads partition in place
#endif
  std::vector<counts_type> block_counts_, block_offsets_;
  std::vector<host::key_bounds<radix_key_t<T>>> block_bounds_;
  std::vector<counts_type> bucket_counts_;  // a split's bucket counts, one per depth
  // The split with no count, where reserve_split_without_count made room (chunk_keys_ > 0).
  host::digit_place top_{};
  std::uint64_t chunk_keys_ = 0;
  cpu_tbb::blocks chunk_blocks_{0, 1};
  std::vector<host::bucket_chunks<T>> block_chunks_;  // one a block, in block order
};

}  // namespace parprim::cpu_tbb
