// The course adapter: a parprim plugin around course-style stream compaction code, unedited
// (docs/course-projects.md). Built by parprim_add_course_plugin(), which compiles this file with
// PARPRIM_COURSE_PLUGIN_NAME set and the generated parprim_course_headers.hpp, which includes
// every header of the project.
//
// The course's interface: in namespace StreamCompaction::{CPU, Naive, Efficient, Thrust, Radix},
//   void scan(int n, int* odata, const int* idata);              exclusive, i32
//   int compact(int n, int* odata, const int* idata);            keeps the nonzero elements
//   int compactWithoutScan(...), compactWithScan(...);           CPU's two compactions
//   void sort(int n, int* odata, const int* idata);              ascending keys
//   StreamCompaction::Common::PerformanceTimer& timer();         the course's timer
// Host pointers in and out; each call allocates its device memory, copies, runs, copies back.
// Whatever of these a namespace declares becomes a variant named after it (cpu, naive,
// efficient, thrust; sort in Radix is `radix`). The sample is the region the code timed with
// its timer (getGpuElapsedTimeForPreviousOperation, or the CPU one for CPU::), the runner's time
// of the whole call is reported beside it.
#include <climits>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "parprim/cuda/availability.hpp"
#include "parprim/host_backend.hpp"
#include "parprim/plugin.hpp"
#include "parprim_course_headers.hpp"

// Lookup of StreamCompaction::Naive::scan finds the project's own declaration when there is one;
// only when there is none does it reach these, through the using-directives below, and their
// return type says "missing" (a qualified name looks into nominated namespaces only when the
// namespace itself declares nothing by that name).
namespace parprim_course_missing {
struct missing {};
template <class... A>
missing scan(A&&...) {
  return {};
}
template <class... A>
missing compact(A&&...) {
  return {};
}
template <class... A>
missing compactWithoutScan(A&&...) {
  return {};
}
template <class... A>
missing compactWithScan(A&&...) {
  return {};
}
template <class... A>
missing sort(A&&...) {
  return {};
}
template <class... A>
missing timer(A&&...) {
  return {};
}
}  // namespace parprim_course_missing

namespace StreamCompaction {
namespace CPU {
using namespace ::parprim_course_missing;
}
namespace Naive {
using namespace ::parprim_course_missing;
}
namespace Efficient {
using namespace ::parprim_course_missing;
}
namespace Thrust {
using namespace ::parprim_course_missing;
}
namespace Radix {
using namespace ::parprim_course_missing;
}
}  // namespace StreamCompaction

namespace parprim::course {

template <class R>
constexpr bool present = !std::is_same_v<R, parprim_course_missing::missing>;

/// One course function as the adapter calls it: n, output, input; the count for compactions.
using course_call = std::function<int(int, int*, const int*)>;

struct course_function {
  parprim_operation operation;
  std::string variant;  // "naive", "cpu_with_scan", "radix", ...
  std::string description;
  course_call call;
  std::function<double()> timer_ms;  // the namespace's timer reading of the last call, or null
};

// Adds a course function when its namespace declares it. A template, so that the calls inside
// are compiled only for the functions that exist.
template <bool declared, bool timed, class Call, class Reading>
void add_function(std::vector<course_function>& out, parprim_operation op, const char* variant,
                  const char* description, Call call, Reading reading) {
  if constexpr (declared) {
    course_function f{op, variant, description, {}, {}};
    f.call = [call](int n, int* o, const int* i) -> int {
      if constexpr (std::is_void_v<decltype(call(n, o, i))>) {
        call(n, o, i);
        return 0;
      } else {
        return int(call(n, o, i));
      }
    };
    if constexpr (timed) f.timer_ms = [reading] { return double(reading()); };
    out.push_back(std::move(f));
  }
}

// A macro because a namespace cannot be a template argument. The lambdas' calls depend on their
// parameters (`d...` is empty), so only those of declared functions are compiled.
#define PARPRIM_COURSE_FUNCTION(out, NS, FN, OP, VARIANT, READING)                                 \
  add_function<present<decltype(StreamCompaction::NS::FN(0, (int*)nullptr, (const int*)nullptr))>, \
               present<decltype(StreamCompaction::NS::timer())>>(                                  \
      out, OP, VARIANT, "StreamCompaction::" #NS "::" #FN,                                         \
      [](auto n, auto o, auto i) { return StreamCompaction::NS::FN(n, o, i); },                    \
      [](auto... d) { return StreamCompaction::NS::timer(d...).READING(); });

inline std::vector<course_function> course_functions() {
  std::vector<course_function> f;
  PARPRIM_COURSE_FUNCTION(f, CPU, scan, PARPRIM_OP_SCAN, "cpu",
                          getCpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Naive, scan, PARPRIM_OP_SCAN, "naive",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Efficient, scan, PARPRIM_OP_SCAN, "efficient",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Thrust, scan, PARPRIM_OP_SCAN, "thrust",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, CPU, compactWithoutScan, PARPRIM_OP_COMPACT, "cpu",
                          getCpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, CPU, compactWithScan, PARPRIM_OP_COMPACT, "cpu_with_scan",
                          getCpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Naive, compact, PARPRIM_OP_COMPACT, "naive",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Efficient, compact, PARPRIM_OP_COMPACT, "efficient",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Thrust, compact, PARPRIM_OP_COMPACT, "thrust",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, CPU, sort, PARPRIM_OP_SORT, "cpu",
                          getCpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Thrust, sort, PARPRIM_OP_SORT, "thrust",
                          getGpuElapsedTimeForPreviousOperation)
  PARPRIM_COURSE_FUNCTION(f, Radix, sort, PARPRIM_OP_SORT, "radix",
                          getGpuElapsedTimeForPreviousOperation)
  return f;
}
#undef PARPRIM_COURSE_FUNCTION

// A project whose headers declare none of the course's functions would make a plugin that offers
// nothing: it stops here instead, naming what was looked for and where.
#define PARPRIM_COURSE_DECLARED(NS, FN) \
  int(present<decltype(StreamCompaction::NS::FN(0, (int*)nullptr, (const int*)nullptr))>)
constexpr int declared_functions =
    PARPRIM_COURSE_DECLARED(CPU, scan) + PARPRIM_COURSE_DECLARED(Naive, scan) +
    PARPRIM_COURSE_DECLARED(Efficient, scan) + PARPRIM_COURSE_DECLARED(Thrust, scan) +
    PARPRIM_COURSE_DECLARED(CPU, compactWithoutScan) +
    PARPRIM_COURSE_DECLARED(CPU, compactWithScan) + PARPRIM_COURSE_DECLARED(Naive, compact) +
    PARPRIM_COURSE_DECLARED(Efficient, compact) + PARPRIM_COURSE_DECLARED(Thrust, compact) +
    PARPRIM_COURSE_DECLARED(CPU, sort) + PARPRIM_COURSE_DECLARED(Thrust, sort) +
    PARPRIM_COURSE_DECLARED(Radix, sort);
#undef PARPRIM_COURSE_DECLARED
static_assert(declared_functions > 0,
              "parprim_add_course_plugin(" PARPRIM_COURSE_PLUGIN_NAME
              "): the project's headers declare none of the course's functions, "
              "looked for: " PARPRIM_COURSE_FUNCTIONS_LOOKED_FOR "; headers read: "
              PARPRIM_COURSE_HEADERS_READ);

const std::vector<course_function>& functions() {
  static const std::vector<course_function> f = course_functions();
  return f;
}

std::uint32_t forms_of(parprim_operation op) {
  switch (op) {
    case PARPRIM_OP_SCAN:
      return PARPRIM_CAP_SCAN_EXCLUSIVE;
    case PARPRIM_OP_COMPACT:
      return PARPRIM_CAP_COMPACT_NONZERO;
    case PARPRIM_OP_SORT:
      return PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_ASCENDING;
  }
  return 0;
}

class course_plan final : public plan {
 public:
  course_plan(const course_function& f, std::uint64_t n) : f_(f), n_(int(n)) {}

  void run(const parprim_io& io) override {
    const int count = f_.call(n_, static_cast<int*>(io.out), static_cast<const int*>(io.in));
    if (f_.operation == PARPRIM_OP_COMPACT) {
      if (count < 0 || count > n_)
        throw error(PARPRIM_ERROR, f_.description + " returned " + std::to_string(count) +
                                       " kept elements of " + std::to_string(n_));
      *static_cast<std::uint64_t*>(io.count) = std::uint64_t(count);
    }
  }
  double own_time() const override {
    if (!f_.timer_ms)
      throw error(PARPRIM_ERROR, f_.description +
                                     ": its namespace declares no timer(), so the region it "
                                     "times cannot be read");
    return f_.timer_ms() * 1e-3;
  }

 private:
  const course_function& f_;
  int n_;
};

class course_backend final : public host_backend {
 public:
  static plugin_info info() {
    plugin_info i{.name = PARPRIM_COURSE_PLUGIN_NAME,
                  .version = "course",
                  .description =
                      "course-style stream compaction code, through parprim's course "
                      "adapter (times: the course timer's region)",
                  .domain = PARPRIM_DOMAIN_HOST,  // the course API takes host pointers
                  .variants = {},
                  .params = {},
                  .timing = PARPRIM_TIMING_OWN_REGION};
    for (const auto& f : functions())
      i.variants.push_back({f.operation,
                            f.variant,
                            f.description,
                            PARPRIM_DTYPE_BIT(PARPRIM_I32),
                            forms_of(f.operation),
                            {}});
    return i;
  }

  // The course's GPU code needs a GPU, its CPU code the same build: the plugin is unavailable
  // as a whole where CUDA cannot run, with cuda_common's reason.
  std::string unavailable_reason() override { return cuda::gpu_unavailable_reason(); }
  std::string device_description() override { return cuda::gpu_description(); }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (n > std::uint64_t(INT_MAX))
      throw error(PARPRIM_UNSUPPORTED, "the course API takes int n: n = " + std::to_string(n) +
                                           " is beyond " + std::to_string(INT_MAX));
    for (const auto& f : functions())
      if (f.operation == p.operation && f.variant == p.variant)
        return std::make_unique<course_plan>(f, n);
    throw error(PARPRIM_UNSUPPORTED, "no course function for " + p.variant);
  }
};

}  // namespace parprim::course

PARPRIM_PLUGIN(parprim::course::course_backend)
