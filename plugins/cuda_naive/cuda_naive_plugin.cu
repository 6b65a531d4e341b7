// cuda_naive: the course's naive algorithms done right. Scan variants `global` (Hillis-Steele,
// one launch per level, the teaching baseline) and `shared` (Hillis-Steele in shared memory,
// multi-level); compaction by map, scan, scatter; the split radix sort, one bit per pass. Every
// element type, 64-bit counts. Every variant takes `block_size`, the threads per block of all
// its kernels (the course's block-size study, docs/algorithms/scan.md), 256 by default: within
// 5% of the best block size at 2^26 in that study on an H100, for each variant. The shared
// scan had 1024 before the parameter: 256 takes 20% less time at 2^26, 13% more at 2^20.
// UTF-8 (variant `course`): the course write-up's own decoder (each byte mapped to its offset in
// a 4-byte-per-character layout, scanned, scattered, each group decoded) and encoder (4 padded
// bytes per code point, compacted), device/course/utf8_*.
#include <memory>

#include "device/course/map_scan_scatter.cuh"
#include "device/course/naive_scan.cuh"
#include "device/course/split_radix_sort.cuh"
#include "device/course/utf8_plans.hpp"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/plans.cuh"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"

namespace parprim::cuda_naive {
namespace {

class cuda_naive_backend final : public cuda::cuda_backend {
 public:
  static plugin_info info() {
    return {
        .name = "cuda_naive",
        .version = "1.0.0",
        .description = "the course's naive GPU algorithms: Hillis-Steele scans, split radix sort, "
                       "the write-up's UTF-8 decoder and encoder",
        .domain = PARPRIM_DOMAIN_DEVICE,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "global",
                 "Hillis-Steele, one launch per level (course)",
                 PARPRIM_ALL_DTYPES,
                 every_scan,
                 {cuda::block_size_param(256)}},
                {PARPRIM_OP_SCAN,
                 "shared",
                 "Hillis-Steele in shared memory, multi-level",
                 PARPRIM_ALL_DTYPES,
                 every_scan,
                 {cuda::block_size_param(256)}},
                {PARPRIM_OP_COMPACT,
                 "map_scan_scatter",
                 "flags, shared scan, scatter",
                 PARPRIM_ALL_DTYPES,
                 every_compact,
                 {cuda::block_size_param(256)}},
                {PARPRIM_OP_SORT,
                 "split",
                 "split radix sort, one bit per pass",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {cuda::block_size_param(256)}},
                {PARPRIM_OP_UTF8_DECODE,
                 "course",
                 "bytes mapped to 4-byte groups by a naive scan, scattered, each group decoded; "
                 "validate: flags, naive scan",
                 PARPRIM_DTYPE_BIT(PARPRIM_U8),
                 every_utf8_decode,
                 {cuda::block_size_param(256)}},
                {PARPRIM_OP_UTF8_ENCODE,
                 "course",
                 "4 padded bytes per code point, then the map-scan-scatter compaction",
                 PARPRIM_DTYPE_BIT(PARPRIM_U32),
                 utf8_encode_form,
                 {cuda::block_size_param(256)}},
            },
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    const auto block = static_cast<unsigned>(p.params.at("block_size"));
    if (is_utf8(p.operation)) return make_utf8_plan(*this, p, n, block);
    return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
      if (p.operation == PARPRIM_OP_SCAN)
        return cuda::make_scan_plan<T>(
            *this, p, n,
            naive_scanner<wrapping_t<T>>(
                p.variant == "global" ? scan_variant::global : scan_variant::shared, n, block));
      std::unique_ptr<plan> made;
      cuda::with_index_type(n, [&]<class I>() {  // flags and positions: 32-bit where they fit
        if (p.operation == PARPRIM_OP_COMPACT)
          made = cuda::make_compact_plan<T>(*this, p,
                                            map_scan_scatter<T, I>(scan_variant::shared, n, block));
        else
          made = cuda::make_sort_plan<T>(
              *this, p, split_radix_sort<T, I>(n, p.sort_payload == PARPRIM_SORT_PAIRS, block));
      });
      return made;
    });
  }
};

}  // namespace
}  // namespace parprim::cuda_naive

PARPRIM_PLUGIN(parprim::cuda_naive::cuda_naive_backend)
