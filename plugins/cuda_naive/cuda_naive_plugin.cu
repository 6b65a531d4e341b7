// cuda_naive: the course's naive algorithms done right. Scan variants `global` (Hillis-Steele,
// one launch per level, the teaching baseline) and `shared` (Hillis-Steele in shared memory,
// multi-level); compaction by map, scan, scatter; the split radix sort, one bit per pass. Every
// element type, 64-bit counts.
#include <memory>

#include "map_scan_scatter.cuh"
#include "naive_scan.cuh"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/keep_predicate.cuh"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"
#include "split_radix_sort.cuh"

namespace parprim::cuda_naive {
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
      : backend_(b),
        n_(n),
        inclusive_(p.scan_kind == PARPRIM_SCAN_INCLUSIVE),
        scanner_(p.variant == "global" ? scan_variant::global : scan_variant::shared, n) {}
  void run(const parprim_io& io) override {
    scanner_.scan(static_cast<const S*>(io.in), static_cast<S*>(io.out), n_, inclusive_,
                  backend_.stream());
  }

 private:
  cuda::cuda_backend& backend_;
  std::uint64_t n_;
  bool inclusive_;
  naive_scanner<S> scanner_;
};

template <class T, class I>
class compact_plan final : public plan {
 public:
  compact_plan(cuda::cuda_backend& b, const problem& p, std::uint64_t n)
      : backend_(b), keep_(cuda::make_keep_predicate<T>(p)), compaction_(scan_variant::shared, n) {}
  void run(const parprim_io& io) override {
    compaction_.run(io_in<T>(io), io_out<T>(io), static_cast<std::uint64_t*>(io.count), keep_,
                    backend_.stream());
  }

 private:
  cuda::cuda_backend& backend_;
  cuda::keep_predicate<T> keep_;
  map_scan_scatter<T, I> compaction_;
};

template <class T, class I>
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
  split_radix_sort<T, I> sort_;
};

class cuda_naive_backend final : public cuda::cuda_backend {
 public:
  static plugin_info info() {
    return {
        .name = "cuda_naive",
        .version = "1.0.0",
        .description = "the course's naive GPU algorithms: Hillis-Steele scans, split radix sort",
        .domain = PARPRIM_DOMAIN_DEVICE,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "global",
                 "Hillis-Steele, one launch per level (course)",
                 PARPRIM_ALL_DTYPES,
                 scan_flags,
                 {}},
                {PARPRIM_OP_SCAN,
                 "shared",
                 "Hillis-Steele in shared memory, multi-level",
                 PARPRIM_ALL_DTYPES,
                 scan_flags,
                 {}},
                {PARPRIM_OP_COMPACT,
                 "map_scan_scatter",
                 "flags, shared scan, scatter",
                 PARPRIM_ALL_DTYPES,
                 compact_flags,
                 {}},
                {PARPRIM_OP_SORT,
                 "split",
                 "split radix sort, one bit per pass",
                 PARPRIM_ALL_DTYPES,
                 sort_flags,
                 {}},
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
        else
          made = std::make_unique<sort_plan<T, I>>(*this, p, n);
      });
      return made;
    });
  }
};

}  // namespace
}  // namespace parprim::cuda_naive

PARPRIM_PLUGIN(parprim::cuda_naive::cuda_naive_backend)
