// cpu_tbb's LSD radix sort: the keys are cut into one block per worker (a few more, for
// balance); each pass counts digits per block in parallel, turns the counts into each block's
// write offsets (digit-major, so equal digits keep block order: stable), and scatters the
// blocks in parallel. Digits constant across all keys are skipped.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/radix_sort.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_tbb {

template <class T, unsigned Bits>
class parallel_radix_sort_plan final : public plan {
  using D = host::radix_digits<T, Bits>;

 public:
  parallel_radix_sort_plan(const problem& p, std::uint64_t n, int threads)
      : n_(n),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        arena_(threads),
        blocks_(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads * 4ull, n / 4096))),
        key_scratch_(n),
        value_scratch_(pairs_ ? n : 0),
        all_pass_hist_(blocks_ * D::passes),
        pass_hist_(blocks_),
        offsets_(blocks_ * D::buckets) {
    buffers_.reserve(blocks_);
    for (std::uint64_t b = 0; b < blocks_; ++b) buffers_.emplace_back(pairs_);
  }

  void run(const parprim_io& io) override {
    const T* keys_in = io_in<T>(io);
    T* keys_out = io_out<T>(io);
    const T* values_in = pairs_ ? io_values_in<T>(io) : nullptr;
    T* values_out = pairs_ ? io_values_out<T>(io) : nullptr;

    // One read of the input counts every digit of every pass, per block.
    for_each_block([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
      auto* h = &all_pass_hist_[b * D::passes];
      for (unsigned pass = 0; pass < D::passes; ++pass) h[pass].fill(0);
      host::histogram_all_passes<T, Bits>(keys_in + begin, end - begin, descending_, h);
    });
    std::vector<typename D::histogram> global(D::passes);
    for (auto& g : global) g.fill(0);
    for (std::uint64_t b = 0; b < blocks_; ++b)
      for (unsigned pass = 0; pass < D::passes; ++pass)
        for (unsigned d = 0; d < D::buckets; ++d)
          global[pass][d] += all_pass_hist_[b * D::passes + pass][d];
    const std::vector<unsigned> passes = host::needed_passes<T, Bits>(global.data(), n_);
    if (passes.empty()) {  // every key equal: the stable order is the input order
      copy_parallel(keys_out, keys_in);
      if (pairs_) copy_parallel(values_out, values_in);
      return;
    }

    const auto count = static_cast<unsigned>(passes.size());
    for (unsigned k = 0; k < count; ++k) {
      const unsigned pass = passes[k];
      const auto keys = host::pass_buffers<T>(k, count, keys_in, keys_out, key_scratch_.data());
      const auto values =
          host::pass_buffers<T>(k, count, values_in, values_out, value_scratch_.data());
      // The first pass reads the input, whose block counts are already known.
      if (k == 0) {
        for (std::uint64_t b = 0; b < blocks_; ++b)
          pass_hist_[b] = all_pass_hist_[b * D::passes + pass];
      } else {
        for_each_block([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
          pass_hist_[b].fill(0);
          host::histogram_one_pass<T, Bits>(keys.source + begin, end - begin, descending_, pass,
                                            pass_hist_[b]);
        });
      }
      // Digit-major, block-minor offsets: block b's keys with digit d follow every smaller
      // digit and block b-1's keys with digit d.
      std::uint64_t sum = 0;
      for (unsigned d = 0; d < D::buckets; ++d)
        for (std::uint64_t b = 0; b < blocks_; ++b) {
          offsets_[b * D::buckets + d] = sum;
          sum += pass_hist_[b][d];
        }
      for_each_block([&](std::uint64_t b, std::uint64_t begin, std::uint64_t end) {
        host::scatter_pass<T, Bits>(keys.source + begin, pairs_ ? values.source + begin : nullptr,
                                    end - begin, descending_, pass, &offsets_[b * D::buckets],
                                    keys.destination, values.destination, buffers_[b]);
      });
    }
  }

 private:
  template <class Fn>
  void for_each_block(Fn fn) {
    const std::uint64_t per_block = (n_ + blocks_ - 1) / blocks_;
    arena_.execute([&] {
      tbb::parallel_for(std::uint64_t{0}, blocks_, [&](std::uint64_t b) {
        const std::uint64_t begin = std::min(n_, b * per_block);
        fn(b, begin, std::min(n_, begin + per_block));
      });
    });
  }
  void copy_parallel(T* dst, const T* src) {
    for_each_block([&](std::uint64_t, std::uint64_t begin, std::uint64_t end) {
      std::memcpy(dst + begin, src + begin, (end - begin) * sizeof(T));
    });
  }

  std::uint64_t n_;
  bool descending_, pairs_;
  tbb::task_arena arena_;
  std::uint64_t blocks_;
  host::aligned_array<T> key_scratch_, value_scratch_;
  // One set per block: blocks scatter at the same time.
  std::vector<host::write_combining_buffers<T, D::buckets>> buffers_;
  std::vector<typename D::histogram> all_pass_hist_, pass_hist_;
  std::vector<std::uint64_t> offsets_;
};

}  // namespace parprim::cpu_tbb
