// cpu_tbb: the parallel CPU backend on oneTBB. Scan and compaction make one chained pass over
// cache-sized parts (chained_parts.hpp); sort is a parallel LSD radix sort, with
// tbb::parallel_sort and Boost.Sort's parallel sorts beside it for comparison. The thread count
// is a parameter of every variant.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/version.h>

#include "boost_sorts.hpp"
#include "chained_parts.hpp"
#include "parallel_radix_sort.hpp"
#include "parprim/host/compact.hpp"
#include "parprim/host/scan.hpp"
#include "parprim/host/streaming_store.hpp"
#include "parprim/host/vector_paths.hpp"
#include "parprim/host_backend.hpp"
#include "parprim/plugin.hpp"
#include "utf8_plans.hpp"
#include "worker_buffers.hpp"

namespace parprim::cpu_tbb {
namespace {

constexpr std::uint32_t keys_only_flags =
    PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_ASCENDING | PARPRIM_CAP_SORT_DESCENDING;
// tbb::parallel_sort is not stable; only for integer keys is that invisible (equal keys are
// identical), while ±0.0 would come out in any order.
constexpr std::uint32_t integer_dtypes =
    PARPRIM_DTYPE_BIT(PARPRIM_I32) | PARPRIM_DTYPE_BIT(PARPRIM_U32) |
    PARPRIM_DTYPE_BIT(PARPRIM_I64) | PARPRIM_DTYPE_BIT(PARPRIM_U64);

int hardware_threads() {
  return tbb::info::default_concurrency();
}

/// Parts of 128 KiB: the parts a worker holds reduced (held_parts, with a compaction's output
/// beside each) are still in its L2 when it finishes them.
template <class T>
constexpr std::uint64_t part_elements = (128u << 10) / sizeof(T);

template <class T>
class scan_plan final : public plan {
 public:
  scan_plan(const problem& p, std::uint64_t n, int threads)
      : inclusive_(p.scan_kind == PARPRIM_SCAN_INCLUSIVE),
        stream_(host::streams_output(n * sizeof(T))),
        arena_(threads),
        parts_(n, part_elements<T>) {}

  void run(const parprim_io& io) override {
    const T* in = io_in<T>(io);
    T* out = io_out<T>(io);
    parts_.run(
        arena_, T(0),
        [&](std::uint64_t b, std::uint64_t e, unsigned) {
          return host::reduce_range(in + b, e - b);
        },
        [](T a, T b) { return host::wrapping_add(a, b); },
        [&](std::uint64_t b, std::uint64_t e, T carry, T, unsigned) {
          host::scan_range(in + b, out + b, e - b, carry, inclusive_, stream_);
          if (stream_) host::finish_streaming();  // ordered before the worker's end joins the run
        });
  }

 private:
  bool inclusive_;
  bool stream_;
  tbb::task_arena arena_;
  chained_parts<T> parts_;
};

template <class T>
class compact_plan final : public plan {
 public:
  compact_plan(const problem& p, std::uint64_t n, int threads)
      : n_(n),
        keep_(p),
        arena_(threads),
        parts_(n, part_elements<T>),
        // Allocated here so that run() allocates nothing; the SIMD compaction writes up to 16
        // lanes past its count. Always streamed: at 25% zeros a plain store's read of each
        // output line is 0.75 more bytes of traffic per input byte.
        kept_(arena_, part_elements<T> + 16, true) {}

  void run(const parprim_io& io) override {
    const T* in = io_in<T>(io);
    T* out = io_out<T>(io);
    std::uint64_t total = 0;  // written by the worker that finishes the last part
    parts_.run(
        arena_, std::uint64_t{0},
        [&](std::uint64_t b, std::uint64_t e, unsigned slot) {
          return host::compact_range(in + b, kept_.own(slot), e - b, keep_);
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; },
        [&](std::uint64_t, std::uint64_t e, std::uint64_t offset, std::uint64_t kept,
            unsigned slot) {
          kept_.place(slot, out + offset, kept);
          if (e == n_) total = offset + kept;
        });
    *static_cast<std::uint64_t*>(io.count) = total;  // parallel_for has joined: visible here
  }

 private:
  std::uint64_t n_;
  host::keep_rule<T> keep_;
  tbb::task_arena arena_;
  chained_parts<std::uint64_t> parts_;
  worker_buffers<T> kept_;
};

template <class T>
class parallel_sort_plan final : public plan {
 public:
  parallel_sort_plan(const problem& p, std::uint64_t n, int threads)
      : n_(n), descending_(p.sort_order == PARPRIM_SORT_DESCENDING), arena_(threads) {}

  void run(const parprim_io& io) override {
    T* out = io_out<T>(io);
    std::memcpy(out, io_in<T>(io), n_ * sizeof(T));
    arena_.execute([&] {
      if (descending_)
        tbb::parallel_sort(out, out + n_, [](T a, T b) { return b < a; });
      else
        tbb::parallel_sort(out, out + n_);
    });
  }

 private:
  std::uint64_t n_;
  bool descending_;
  tbb::task_arena arena_;
};

class cpu_tbb_backend final : public host_backend {
 public:
  cpu_tbb_backend() {
    // TBB's workers must be joined before the process tears TBB down: finalize at exit, which
    // runs before the library's own destructors (the plugin itself is never unloaded).
    static tbb::task_scheduler_handle handle{tbb::attach{}};
    std::atexit([] { tbb::finalize(handle, std::nothrow); });
  }

  static plugin_info info() {
    return {
        .name = "cpu_tbb",
        .version = "1.0.0",
        .description = "parallel CPU backend on oneTBB " + std::to_string(TBB_VERSION_MAJOR) + "." +
                       std::to_string(TBB_VERSION_MINOR),
        .domain = PARPRIM_DOMAIN_HOST,
        .variants =
            {
                {PARPRIM_OP_SCAN,
                 "chained",
                 "one pass over L2-sized parts, carries chained",
                 PARPRIM_ALL_DTYPES,
                 every_scan,
                 {}},
                {PARPRIM_OP_COMPACT,
                 "chained",
                 "count, chained offsets, SIMD compaction",
                 PARPRIM_ALL_DTYPES,
                 every_compact,
                 {}},
                {PARPRIM_OP_SORT,
                 "radix",
                 "parallel MSD split into cache-sized buckets, then LSD in cache per thread",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {}},
                {PARPRIM_OP_SORT,
                 "tbb_parallel_sort",
                 "tbb::parallel_sort, for comparison",
                 integer_dtypes,
                 keys_only_flags,
                 {}},
                {PARPRIM_OP_SORT,
                 "block_indirect_sort",
                 "Boost.Sort's block_indirect_sort on the threads, for comparison",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {}},
                {PARPRIM_OP_SORT,
                 "parallel_stable_sort",
                 "Boost.Sort's parallel_stable_sort on the threads, for comparison",
                 PARPRIM_ALL_DTYPES,
                 every_sort,
                 {}},
                {PARPRIM_OP_UTF8_DECODE,
                 "chunked",
                 "64 KiB parts from their first unit start, offsets chained, SIMD decoder",
                 PARPRIM_DTYPE_BIT(PARPRIM_U8),
                 every_utf8_decode,
                 {}},
                {PARPRIM_OP_UTF8_ENCODE,
                 "chunked",
                 "32 Ki code point parts, offsets chained, SIMD encoder",
                 PARPRIM_DTYPE_BIT(PARPRIM_U32),
                 utf8_encode_form,
                 {}},
            },
        .params = {{"threads", "worker threads", hardware_threads(), {}}},
    };
  }

  std::string device_description() override {
    return std::to_string(hardware_threads()) + " hardware threads; " + host::vector_paths() +
           host::parallel_in_place_path() + host::parallel_split_without_count_path();
  }

  /// The copy baseline uses every thread, as the parallel operations do, a chunk a task.
  void copy(void* dst, const void* src, std::uint64_t bytes) override {
    tbb::parallel_for(std::uint64_t{0}, baseline_chunks(bytes), [&](std::uint64_t c) {
      const std::uint64_t off = c * baseline_chunk;
      std::memcpy(static_cast<char*>(dst) + off, static_cast<const char*>(src) + off,
                  std::min(baseline_chunk, bytes - off));
    });
  }

  /// The read-only baseline uses every thread too, in the copy's chunks.
  void read_bytes(const void* src, std::uint64_t bytes) override {
    keep_read(tbb::parallel_reduce(
        tbb::blocked_range<std::uint64_t>(0, baseline_chunks(bytes)), std::uint64_t{0},
        [&](const tbb::blocked_range<std::uint64_t>& r, std::uint64_t acc) {
          for (std::uint64_t c = r.begin(); c != r.end(); ++c) {
            const std::uint64_t off = c * baseline_chunk;
            acc |= or_of_bytes(static_cast<const char*>(src) + off,
                               std::min(baseline_chunk, bytes - off));
          }
          return acc;
        },
        [](std::uint64_t a, std::uint64_t b) { return a | b; }));
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    const int threads = static_cast<int>(p.params.at("threads"));
    if (p.operation == PARPRIM_OP_UTF8_DECODE)
      return std::make_unique<utf8_decode_plan>(p, n, threads);
    if (p.operation == PARPRIM_OP_UTF8_ENCODE)
      return std::make_unique<utf8_encode_plan>(n, threads);
    return dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<plan> {
      switch (p.operation) {
        case PARPRIM_OP_UTF8_DECODE:
        case PARPRIM_OP_UTF8_ENCODE:
          break;  // the UTF-8 plans, above
        case PARPRIM_OP_SCAN:
          return std::make_unique<scan_plan<T>>(p, n, threads);
        case PARPRIM_OP_COMPACT:
          return std::make_unique<compact_plan<T>>(p, n, threads);
        case PARPRIM_OP_SORT:
          if (p.variant == "tbb_parallel_sort") {
            if constexpr (std::is_integral_v<T>)
              return std::make_unique<parallel_sort_plan<T>>(p, n, threads);
            throw error(PARPRIM_UNSUPPORTED, "tbb_parallel_sort: integer keys only");
          }
          // Boost.Sort's parallel sorts run on threads of their own, `threads` of them.
          if (p.variant == "block_indirect_sort") return make_block_indirect_sort(p, n, threads);
          if (p.variant == "parallel_stable_sort") return make_parallel_stable_sort(p, n, threads);
          return std::make_unique<parallel_radix_sort_plan<T>>(p, n, threads);
      }
      throw error(PARPRIM_UNSUPPORTED, "cpu_tbb: unknown operation");
    });
  }

 private:
  // The copy's and the read-only pass's chunks, one geometry for both.
  static constexpr std::uint64_t baseline_chunk = 1u << 20;
  static std::uint64_t baseline_chunks(std::uint64_t bytes) {
    return (bytes + baseline_chunk - 1) / baseline_chunk;
  }
};

}  // namespace
}  // namespace parprim::cpu_tbb

PARPRIM_PLUGIN(parprim::cpu_tbb::cpu_tbb_backend)
