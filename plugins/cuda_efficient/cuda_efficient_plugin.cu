// cuda_efficient: the course's work-efficient algorithms done right. Scan `blelloch`
// (shared-memory up/down-sweep, several items per thread, bank-conflict padding, multi-level);
// compaction on it with the count read from the scan; radix sort with multi-bit digits,
// per-tile histograms, their scan and a stable scatter through shared memory.
#include <memory>

#include "blelloch_scan.cuh"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"
#include "tile_compact.cuh"
#include "tile_radix_sort.cuh"

namespace parprim::cuda_efficient {
namespace {

constexpr std::uint32_t scan_flags = PARPRIM_CAP_SCAN_EXCLUSIVE | PARPRIM_CAP_SCAN_INCLUSIVE;
constexpr std::uint32_t compact_flags =
    PARPRIM_CAP_COMPACT_NONZERO | PARPRIM_CAP_COMPACT_GREATER_THAN;
constexpr std::uint32_t sort_flags = PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_PAIRS |
                                     PARPRIM_CAP_SORT_ASCENDING | PARPRIM_CAP_SORT_DESCENDING;

template <class T>
class scan_plan final : public plan {
  using S = wrapping_t<T>;  // integer sums wrap: scanned as the unsigned type

 public:
  scan_plan(cuda::cuda_backend& b, const problem& p, std::uint64_t n)
      : backend_(b), n_(n), inclusive_(p.scan_kind == PARPRIM_SCAN_INCLUSIVE), scanner_(n) {}
  void run(const parprim_io& io) override {
    scanner_.scan(static_cast<const S*>(io.in), static_cast<S*>(io.out), n_, inclusive_,
                  backend_.stream());
  }

 private:
  cuda::cuda_backend& backend_;
  std::uint64_t n_;
  bool inclusive_;
  blelloch_scanner<S> scanner_;
};

template <class T, class I>
class compact_plan final : public plan {
 public:
  compact_plan(cuda::cuda_backend& b, const problem& p, std::uint64_t n)
      : backend_(b), keep_(cuda::make_keep_predicate<T>(p)), compaction_(n) {}
  void run(const parprim_io& io) override {
    compaction_.run(io_in<T>(io), io_out<T>(io), static_cast<std::uint64_t*>(io.count), keep_,
                    backend_.stream());
  }

 private:
  cuda::cuda_backend& backend_;
  cuda::keep_predicate<T> keep_;
  tile_compaction<T, I> compaction_;
};

template <class T, class I, unsigned Bits>
class sort_plan final : public plan {
 public:
  sort_plan(cuda::cuda_backend& b, const problem& p, std::uint64_t n)
      : backend_(b),
        descending_(p.sort_order == PARPRIM_SORT_DESCENDING),
        pairs_(p.sort_payload == PARPRIM_SORT_PAIRS),
        sort_(n, pairs_) {}
  void run(const parprim_io& io) override {
    sort_.run(io_in<T>(io), io_out<T>(io), pairs_ ? io_values_in<T>(io) : nullptr,
              pairs_ ? io_values_out<T>(io) : nullptr, descending_, backend_.stream());
  }

 private:
  cuda::cuda_backend& backend_;
  bool descending_, pairs_;
  tile_radix_sort<T, I, Bits> sort_;
};

class cuda_efficient_backend final : public cuda::cuda_backend {
 public:
  static plugin_info info() {
    return {
        .name = "cuda_efficient",
        .version = "1.0.0",
        .description = "the course's work-efficient GPU algorithms: Blelloch scan, radix sort",
        .domain = PARPRIM_DOMAIN_DEVICE,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "blelloch",
                 "work-efficient up/down-sweep, reduce-then-scan",
                 PARPRIM_ALL_DTYPES,
                 scan_flags,
                 {}},
                {PARPRIM_OP_COMPACT,
                 "blelloch",
                 "tile counts, their scan, in-tile packing",
                 PARPRIM_ALL_DTYPES,
                 compact_flags,
                 {}},
                {PARPRIM_OP_SORT,
                 "radix",
                 "multi-bit LSD radix sort, stable tile scatter",
                 PARPRIM_ALL_DTYPES,
                 sort_flags,
                 {{"radix_bits", "bits per digit", 8, {4, 8}}}},
            },
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
      if (p.operation == PARPRIM_OP_SCAN) return std::make_unique<scan_plan<T>>(*this, p, n);
      std::unique_ptr<plan> made;
      cuda::with_index_type(n, [&]<class I>() {
        if (p.operation == PARPRIM_OP_COMPACT)
          made = std::make_unique<compact_plan<T, I>>(*this, p, n);
        else if (p.params.at("radix_bits") == 4)
          made = std::make_unique<sort_plan<T, I, 4>>(*this, p, n);
        else
          made = std::make_unique<sort_plan<T, I, 8>>(*this, p, n);
      });
      return made;
    });
  }
};

}  // namespace
}  // namespace parprim::cuda_efficient

PARPRIM_PLUGIN(parprim::cuda_efficient::cuda_efficient_backend)
