// The plans of a CUDA plugin built from an engine object that does the work on the plugin's
// stream: a scanner (scan), a compaction (run with a predicate) or a sorter. cuda_naive and
// cuda_efficient differ only in their engines.
#pragma once

#include <cstdint>
#include <utility>

#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"

namespace parprim::cuda {

/// Scanner::scan(const S* in, S* out, n, inclusive, stream), with S = wrapping_t<T>: integer
/// sums wrap, so they are scanned as the unsigned type.
template <class T, class Scanner>
class scan_plan final : public plan {
  using S = wrapping_t<T>;

 public:
  scan_plan(cuda_backend& b, const problem& p, std::uint64_t n, Scanner scanner)
      : backend_(b),
        n_(n),
        inclusive_(p.scan_kind == PARPRIM_SCAN_INCLUSIVE),
        scanner_(std::move(scanner)) {}
  void run(const parprim_io& io) override {
    scanner_.scan(static_cast<const S*>(io.in), static_cast<S*>(io.out), n_, inclusive_,
                  backend_.stream());
  }

 private:
  cuda_backend& backend_;
  std::uint64_t n_;
  bool inclusive_;
  Scanner scanner_;
};

/// Compaction::run(const T* in, T* out, std::uint64_t* count, keep, stream)
template <class T, class Compaction>
class compact_plan final : public plan {
 public:
  compact_plan(cuda_backend& b, const problem& p, Compaction compaction)
      : backend_(b), keep_(make_keep_predicate<T>(p)), compaction_(std::move(compaction)) {}
  void run(const parprim_io& io) override {
    compaction_.run(io_in<T>(io), io_out<T>(io), static_cast<std::uint64_t*>(io.count), keep_,
                    backend_.stream());
  }

 private:
  cuda_backend& backend_;
  keep_predicate<T> keep_;
  Compaction compaction_;
};

/// Sorter::run(keys_in, keys_out, values_in, values_out, descending, stream); values are null
/// for a keys-only sort.
template <class T, class Sorter>
class sort_plan final : public plan {
 public:
  sort_plan(cuda_backend& b, const problem& p, Sorter sorter)
      : backend_(b),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        sorter_(std::move(sorter)) {}
  void run(const parprim_io& io) override {
    sorter_.run(io_in<T>(io), io_out<T>(io), pairs_ ? io_values_in<T>(io) : nullptr,
                pairs_ ? io_values_out<T>(io) : nullptr, descending_, backend_.stream());
  }

 private:
  cuda_backend& backend_;
  bool descending_, pairs_;
  Sorter sorter_;
};

template <class T, class Scanner>
std::unique_ptr<plan> make_scan_plan(cuda_backend& b, const problem& p, std::uint64_t n,
                                     Scanner scanner) {
  return std::make_unique<scan_plan<T, Scanner>>(b, p, n, std::move(scanner));
}
template <class T, class Compaction>
std::unique_ptr<plan> make_compact_plan(cuda_backend& b, const problem& p, Compaction c) {
  return std::make_unique<compact_plan<T, Compaction>>(b, p, std::move(c));
}
template <class T, class Sorter>
std::unique_ptr<plan> make_sort_plan(cuda_backend& b, const problem& p, Sorter s) {
  return std::make_unique<sort_plan<T, Sorter>>(b, p, std::move(s));
}

}  // namespace parprim::cuda
