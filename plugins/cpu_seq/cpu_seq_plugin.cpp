// cpu_seq: the sequential CPU backend. Every operation is one pass (or one pass per radix
// digit) over contiguous memory, which is what a single core can do at memory bandwidth.
#include <algorithm>
#include <cstdint>
#include <memory>

#include <boost/sort/pdqsort/pdqsort.hpp>

#include "parprim/host/compact.hpp"
#include "parprim/host/comparison_sort.hpp"
#include "parprim/host/in_place_quicksort.hpp"
#include "parprim/host/scan.hpp"
#include "parprim/host/vector_paths.hpp"
#include "parprim/host_backend.hpp"
#include "parprim/plugin.hpp"
#include "radix_sort_plan.hpp"
#include "utf8_plan.hpp"
#if PARPRIM_HAVE_VQSORT
#include "vqsort_plan.hpp"
#endif

namespace parprim::cpu_seq {

class cpu_seq_backend final : public host_backend {
 public:
  static plugin_info info() {
    return {
        .name = "cpu_seq",
        .version = "1.0.0",
        .description = "sequential CPU reference backend",
        .domain = PARPRIM_DOMAIN_HOST,
        .variants = {{PARPRIM_OP_SCAN,
                      "sequential",
                      "16-byte vectors scanned in registers",
                      PARPRIM_ALL_DTYPES,
                      every_scan,
                      {}},
                     {PARPRIM_OP_COMPACT,
                      "branchless",
                      "SIMD lane packing (SSE4.2), else branch-free scalar",
                      PARPRIM_ALL_DTYPES,
                      every_compact,
                      {}},
                     {PARPRIM_OP_SORT,
                      "radix",
                      "MSD split into cache-sized buckets, then LSD in cache",
                      PARPRIM_ALL_DTYPES,
                      every_sort,
                      {{"radix_bits", "bits of the widest radix digit", 11, {8, 11}}}},
                     {PARPRIM_OP_SORT,
                      "std",
                      "std::stable_sort, for comparison",
                      PARPRIM_ALL_DTYPES,
                      every_sort,
                      {}},
                     {PARPRIM_OP_SORT,
                      "pdqsort_branchless",
                      "Boost.Sort's pdqsort_branchless, for comparison",
                      PARPRIM_ALL_DTYPES,
                      every_sort,
                      {}},
#if PARPRIM_HAVE_VQSORT
                     {PARPRIM_OP_SORT,
                      "vqsort",
                      "Highway's VQSort (libhwy), for comparison",
                      PARPRIM_ALL_DTYPES,
                      every_sort,
                      {}},
#endif
                     {PARPRIM_OP_UTF8_DECODE,
                      "simd",
                      "AVX2: up to eight characters a shuffle, checked lane by lane; else SSE2 "
                      "ASCII runs and branch-free units",
                      PARPRIM_DTYPE_BIT(PARPRIM_U8),
                      every_utf8_decode,
                      {}},
                     {PARPRIM_OP_UTF8_DECODE,
                      "scalar",
                      "every unit by the branch-free step, for comparison",
                      PARPRIM_DTYPE_BIT(PARPRIM_U8),
                      every_utf8_decode,
                      {}},
                     {PARPRIM_OP_UTF8_ENCODE,
                      "simd",
                      "AVX2: eight code points a shuffle pair, no branch on their values; else "
                      "SSE2 ASCII runs and branch-free code points",
                      PARPRIM_DTYPE_BIT(PARPRIM_U32),
                      utf8_encode_form,
                      {}},
                     {PARPRIM_OP_UTF8_ENCODE,
                      "scalar",
                      "every code point by the branch-free step, for comparison",
                      PARPRIM_DTYPE_BIT(PARPRIM_U32),
                      utf8_encode_form,
                      {}}},
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (is_utf8(p.operation))
      return make_utf8_plan(p, n, p.variant == "scalar" ? host::utf8::isa::scalar
                                                        : host::utf8::best_isa());
    return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
      switch (p.operation) {
        case PARPRIM_OP_SCAN:
          return make_plan([n, inclusive = p.scan_kind == PARPRIM_SCAN_INCLUSIVE,
                            stream = host::streams_output(n * sizeof(T))](const parprim_io& io) {
            host::scan_range<T>(io_in<T>(io), io_out<T>(io), n, T(0), inclusive, stream);
            if (stream) host::finish_streaming();
          });
        case PARPRIM_OP_COMPACT:
          return make_plan([n, keep = host::keep_rule<T>(p)](const parprim_io& io) {
            *static_cast<std::uint64_t*>(io.count) =
                host::compact_range<T>(io_in<T>(io), io_out<T>(io), n, keep);
          });
        case PARPRIM_OP_UTF8_DECODE:
        case PARPRIM_OP_UTF8_ENCODE:
          break;  // make_utf8_plan, above
        case PARPRIM_OP_SORT:
          if (p.variant == "std")
            return host::make_comparison_sort<T>(
                p, n, [](auto first, auto last, auto less) { std::stable_sort(first, last, less); },
                true);
#if PARPRIM_HAVE_VQSORT
          if (p.variant == "vqsort") return std::make_unique<vqsort_plan<T>>(p, n);
#endif
          if (p.variant == "pdqsort_branchless")
            return host::make_comparison_sort<T>(
                p, n,
                [](auto first, auto last, auto less) {
                  boost::sort::pdqsort_branchless(first, last, less);
                },
                false);
          host::radix_sort_policy policy;
          policy.max_bits = static_cast<unsigned>(p.params.at("radix_bits"));
          return std::make_unique<radix_sort_plan<T>>(p, n, policy);
      }
      throw error(PARPRIM_UNSUPPORTED, "cpu_seq: unknown operation");
    });
  }

  std::string device_description() override {
    return "one thread; " + host::vector_paths() + host::in_place_path()
#if PARPRIM_HAVE_VQSORT
           + "; VQSort on Highway's " + vqsort_target()
#endif
        ;
  }
};

}  // namespace parprim::cpu_seq

PARPRIM_PLUGIN(parprim::cpu_seq::cpu_seq_backend)
