// cuda_efficient: the course's work-efficient algorithms done right. Scan `blelloch`
// (shared-memory up/down-sweep, several items per thread, bank-conflict padding, multi-level);
// compaction on it with the count read from the scan; radix sort with multi-bit digits,
// per-tile histograms, their scan and a stable scatter through shared memory. The scan takes
// `block_size` and `items_per_thread`, the compaction `block_size` (the course's block-size
// study, docs/algorithms.md); the defaults are the shape these kernels had before the parameters
// existed. The sort's tile is fixed (tile_radix_sort.cuh says why); it takes `radix_bits`.
//
// Beside the course's algorithms, the state of the art: scan and compaction `lookback`, single
// pass with decoupled look-back (decoupled_lookback.cuh), and sort `onesweep`, one counting pass
// then one pass per 8-bit digit (onesweep_sort.cuh), so that one sweep shows the road from the
// course to the limit. They take `block_size` and `items_per_thread` (lookback_shape.hpp,
// onesweep_shape.hpp). UTF-8 decoding (both forms) and encoding are single passes too
// (device/utf8/).
#include <memory>

#include "device/course/blelloch_scan.cuh"
#include "device/course/tile_compact.cuh"
#include "device/course/tile_radix_sort.cuh"
#include "device/lookback/lookback_plans.hpp"
#include "device/onesweep/onesweep_plans.hpp"
#include "device/utf8/utf8_plans.hpp"
#include "parprim/cuda/block_shape.hpp"
#include "parprim/cuda/cuda_backend.hpp"
#include "parprim/cuda/plans.cuh"
#include "parprim/plugin.hpp"
#include "parprim/wrapping.hpp"
#include "shapes/lookback_shape.hpp"
#include "shapes/onesweep_shape.hpp"

namespace parprim::cuda_efficient {
namespace {

class cuda_efficient_backend final : public cuda::cuda_backend {
 public:
  static plugin_info info() {
    return {
        .name = "cuda_efficient",
        .version = "1.0.0",
        .description =
            "the course's work-efficient GPU algorithms (Blelloch scan, radix sort) and "
            "single-pass look-back scan and compaction, Onesweep radix sort",
        .domain = PARPRIM_DOMAIN_DEVICE,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "blelloch",
                 "work-efficient up/down-sweep, reduce-then-scan",
                 PARPRIM_ALL_DTYPES,
                 every_scan,
                 {cuda::block_size_param(tile_shape{}.block_threads),
                  {"items_per_thread", "consecutive elements each thread scans",
                   tile_shape{}.items_per_thread, every_shape::items_per_thread::allowed()}}},
                {PARPRIM_OP_SCAN, "lookback",
                 "single pass, decoupled look-back, 16-byte vector access", PARPRIM_ALL_DTYPES,
                 every_scan, lookback_params()},
                {PARPRIM_OP_COMPACT,
                 "blelloch",
                 "tile counts, their scan, in-tile packing",
                 PARPRIM_ALL_DTYPES,
                 every_compact,
                 {cuda::block_size_param(tile_shape{}.block_threads)}},
                {PARPRIM_OP_COMPACT, "lookback",
                 "single pass, predicate fused, decoupled look-back, packed in shared memory",
                 PARPRIM_ALL_DTYPES, every_compact, lookback_params()},
                {PARPRIM_OP_SORT,
                 "radix",
                 "multi-bit LSD radix sort, stable tile scatter",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {{"radix_bits", "bits per digit", 8, {4, 8}}}},
                {PARPRIM_OP_SORT, "onesweep",
                 "Onesweep LSD radix sort: one counting pass, then one pass per 8-bit digit with "
                 "match ranking and look-back digit binning",
                 PARPRIM_ALL_DTYPES, every_sort, onesweep_params()},
                {PARPRIM_OP_UTF8_DECODE, "lookback",
                 "single pass: each byte's role from the 3 before it, units counted, decoupled "
                 "look-back, code points packed in shared memory; validate: one read-only pass, "
                 "atomic add and min",
                 PARPRIM_DTYPE_BIT(PARPRIM_U8), every_utf8_decode, {}},
                {PARPRIM_OP_UTF8_ENCODE, "lookback",
                 "single pass: lengths scanned, decoupled look-back, bytes packed in shared "
                 "memory",
                 PARPRIM_DTYPE_BIT(PARPRIM_U32), utf8_encode_form, {}},
            },
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (is_utf8(p.operation)) return make_utf8_plan(*this, p, n);
    if (p.variant == "lookback") return make_lookback_plan(*this, p, n);
    if (p.variant == "onesweep") return make_onesweep_plan(*this, p, n);
    return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
      if (p.operation == PARPRIM_OP_SCAN) {
        const tile_shape shape{static_cast<int>(p.params.at("block_size")),
                               static_cast<int>(p.params.at("items_per_thread"))};
        return cuda::make_scan_plan<T>(*this, p, n, blelloch_scanner<wrapping_t<T>>(n, shape));
      }
      const bool pairs = p.sort_payload == PARPRIM_SORT_PAIRS;
      std::unique_ptr<plan> made;
      cuda::with_index_type(n, [&]<class I>() {  // counts and offsets: 32-bit where they fit
        if (p.operation == PARPRIM_OP_COMPACT)
          made = cuda::make_compact_plan<T>(
              *this, p, tile_compaction<T, I>(n, static_cast<int>(p.params.at("block_size"))));
        else if (p.params.at("radix_bits") == 4)
          made = cuda::make_sort_plan<T>(*this, p, tile_radix_sort<T, I, 4>(n, pairs));
        else
          made = cuda::make_sort_plan<T>(*this, p, tile_radix_sort<T, I, 8>(n, pairs));
      });
      return made;
    });
  }
};

}  // namespace
}  // namespace parprim::cuda_efficient

PARPRIM_PLUGIN(parprim::cuda_efficient::cuda_efficient_backend)
