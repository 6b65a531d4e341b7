// The course adapter: a parprim plugin around course-style stream compaction code, unedited
// (docs/course-projects.md). Built by parprim_add_course_plugin(), which compiles this file with
// PARPRIM_COURSE_PLUGIN_NAME set and two generated headers: parprim_course_headers.hpp includes
// every header of the project, parprim_course_functions.hpp lists what the project declares
// (course/find_course_functions.py read the preprocessed headers) and what the user mapped by
// hand (VARIANTS).
//
// The course's interface: a function named for its operation, in a namespace under
// StreamCompaction (sorts in any namespace),
//   void scan(int n, int* odata, const int* idata);              exclusive, i32
//   int compact(int n, int* odata, const int* idata);            keeps the nonzero elements
//   void sort(int n, int* odata, const int* idata);              ascending keys
//   StreamCompaction::Common::PerformanceTimer& timer();         its namespace's timer
// Host pointers in and out; each call allocates its device memory, copies, runs, copies back.
// Each function becomes the variant its namespace and name make (`naive/scan`); one the compiler
// cannot call that way (another signature) is skipped with its reason, never a compile error
// here. The sample is the region the call timed with its namespace's timer (the GPU or the CPU
// reading, whichever the call changed); a call that timed none is timed whole by the runner.
#include <algorithm>
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
#include "parprim_course_functions.hpp"
#include "parprim_course_headers.hpp"

// Lookup of NS::timer finds the project's own declaration when NS has one; only when there is
// none does it reach this one, through the using-directives below, and its return type says
// "missing" (a qualified name looks into nominated namespaces only when the namespace itself
// declares nothing by that name).
namespace parprim_course_missing {
struct missing {};
template <class... A>
missing timer(A&&...) {
  return {};
}
}  // namespace parprim_course_missing
#define PARPRIM_COURSE_OPEN_NAMESPACE(NS)   \
  namespace NS {                            \
  using namespace ::parprim_course_missing; \
  }
PARPRIM_COURSE_NAMESPACES(PARPRIM_COURSE_OPEN_NAMESPACE)
#undef PARPRIM_COURSE_OPEN_NAMESPACE

namespace parprim::course {

/// The course timer's two readings (ms), -1 where the timer has no such reading.
struct timer_reading {
  double cpu_ms = -1;
  double gpu_ms = -1;
};

template <class Timer>
timer_reading read_timer(Timer&& t) {
  timer_reading r;
  if constexpr (requires { t.getCpuElapsedTimeForPreviousOperation(); })
    r.cpu_ms = double(t.getCpuElapsedTimeForPreviousOperation());
  if constexpr (requires { t.getGpuElapsedTimeForPreviousOperation(); })
    r.gpu_ms = double(t.getGpuElapsedTimeForPreviousOperation());
  return r;
}

/// One course function as the adapter calls it: n, output, input; the count for compactions.
using course_call = std::function<int(int, int*, const int*)>;

struct course_function {
  parprim_operation operation;
  std::string variant;      // "naive/scan", "radixsort/sort", ...
  std::string description;  // its signature and where it is declared
  course_call call;
  std::function<timer_reading()> timer;  // its namespace's timer, or null when it has none
  bool copies_input = false;             // it takes `int* idata`: called on a copy
};

// Adds a course function when the compiler can call it as the course does, with a const input
// or, failing that, a mutable one (then on a copy of the input); lists it as skipped otherwise.
template <class Call, class Timer>
void add_function(std::vector<course_function>& out, std::vector<std::string>& skipped,
                  parprim_operation op, const char* variant, const char* description, Call call,
                  Timer timer) {
  constexpr bool by_const = std::is_invocable_v<Call, int, int*, const int*>;
  constexpr bool by_mutable = std::is_invocable_v<Call, int, int*, int*>;
  if constexpr (by_const || by_mutable) {
    using input = std::conditional_t<by_const, const int*, int*>;
    if (op == PARPRIM_OP_COMPACT && std::is_void_v<std::invoke_result_t<Call, int, int*, input>>) {
      skipped.push_back(std::string(description) + ": a compaction that returns no count");
      return;
    }
    course_function f{op, variant, description, {}, {}, !by_const};
    f.call = [call](int n, int* o, const int* i) -> int {
      // The mutable form gets the plan's copy of the input (course_plan::run).
      if constexpr (std::is_void_v<std::invoke_result_t<Call, int, int*, input>>) {
        call(n, o, const_cast<input>(i));
        return 0;
      } else {
        return int(call(n, o, const_cast<input>(i)));
      }
    };
    if constexpr (!std::is_same_v<std::invoke_result_t<Timer>, parprim_course_missing::missing>)
      f.timer = [timer]() -> timer_reading { return read_timer(timer()); };
    out.push_back(std::move(f));
  } else {
    skipped.push_back(std::string(description) +
                      ": the compiler cannot call it as f(int n, int* odata, const int* idata)");
  }
}

struct course_functions {
  std::vector<course_function> found;
  std::vector<std::string> skipped;
};

// Each found function's call is a generic lambda whose return type names the call, so that a
// function of another signature fails substitution (std::is_invocable says no) instead of
// compiling. A mapped one (VARIANTS) is the user's expression over n, odata and idata.
#define PARPRIM_COURSE_ADD_FOUND(OP, VARIANT, NS, FN, DESCRIPTION)                         \
  add_function(                                                                            \
      c.found, c.skipped, OP, VARIANT, DESCRIPTION,                                        \
      [](auto n, auto o, auto i) -> decltype(NS::FN(n, o, i)) { return NS::FN(n, o, i); }, \
      [](auto... d) -> decltype(NS::timer(d...)) { return NS::timer(d...); });
#define PARPRIM_COURSE_ADD_MAPPED(OP, VARIANT, NS, EXPRESSION, DESCRIPTION) \
  add_function(                                                             \
      c.found, c.skipped, OP, VARIANT, DESCRIPTION,                         \
      [](int n, int* odata, const int* idata) { return EXPRESSION; },       \
      [](auto... d) -> decltype(NS::timer(d...)) { return NS::timer(d...); });

inline course_functions find_course_functions() {
  course_functions c;
  PARPRIM_COURSE_FOUND(PARPRIM_COURSE_ADD_FOUND)
  PARPRIM_COURSE_MAPPED(PARPRIM_COURSE_ADD_MAPPED)
  return c;
}
#undef PARPRIM_COURSE_ADD_FOUND
#undef PARPRIM_COURSE_ADD_MAPPED

const course_functions& all_functions() {
  static const course_functions c = find_course_functions();
  return c;
}

const std::vector<course_function>& functions() {
  return all_functions().found;
}

std::uint32_t forms_of(parprim_operation op) {
  switch (op) {
    case PARPRIM_OP_SCAN:
      return PARPRIM_CAP_SCAN_EXCLUSIVE;
    case PARPRIM_OP_COMPACT:
      return PARPRIM_CAP_COMPACT_NONZERO;
    case PARPRIM_OP_SORT:
      // The course specifies its radix sort for non-negative integers: keys below zero are
      // outside its contract, not a failure (key_domain.hpp).
      return PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_ASCENDING |
             PARPRIM_CAP_SORT_NONNEGATIVE_KEYS;
    case PARPRIM_OP_UTF8_DECODE:  // not the course's
    case PARPRIM_OP_UTF8_ENCODE:
      return 0;
  }
  return 0;
}

// What a variant's description says of how it is timed (runner --list shows it).
std::string timing_text(const course_function& f) {
  return f.timer ? "times: its namespace's timer (the whole call when a call timed nothing)"
                 : "times: the whole call (its namespace declares no timer())";
}

class course_plan final : public plan {
 public:
  course_plan(const course_function& f, std::uint64_t n)
      : f_(f), n_(int(n)), input_copy_(f.copies_input ? n : 0) {}

  void run(const parprim_io& io) override {
    const int* in = static_cast<const int*>(io.in);
    if (f_.copies_input) {  // a function taking `int* idata` may write it: it gets a copy
      std::copy(in, in + n_, input_copy_.begin());
      in = input_copy_.data();
    }
    const timer_reading before = f_.timer ? f_.timer() : timer_reading{};
    const int count = f_.call(n_, static_cast<int*>(io.out), in);
    if (f_.timer) region_ms_ = timed_region(before, f_.timer());
    if (f_.operation == PARPRIM_OP_COMPACT) {
      if (count < 0 || count > n_)
        throw error(PARPRIM_ERROR, f_.description + " returned " + std::to_string(count) +
                                       " kept elements of " + std::to_string(n_));
      *static_cast<std::uint64_t*>(io.count) = std::uint64_t(count);
    }
  }
  // The runner then times the whole call (PARPRIM_TIMING_WHOLE_CALL), never loses the result.
  double own_time() const override {
    if (!f_.timer)
      throw error(PARPRIM_UNSUPPORTED, f_.variant + ": its namespace declares no timer()");
    if (region_ms_ < 0)
      throw error(PARPRIM_UNSUPPORTED, f_.variant +
                                           ": its timer never changed over its calls (read 0 "
                                           "or what another call left): it times no region");
    return region_ms_ * 1e-3;
  }

 private:
  enum class clock { none, gpu, cpu };

  // The region the call timed: the reading of the clock the call changed. The course timer
  // keeps the last region of each clock, so a clock that never changes over this plan's calls
  // (still 0, or what another function's call left) times nothing here. Once a clock has
  // changed, it is this function's: a call that reads the same as the call before timed a
  // region of the same length (event times are quantised, so repeats happen at small n).
  // Where both change, the GPU's is the region (a CPU helper timed inside a GPU call).
  double timed_region(const timer_reading& before, const timer_reading& after) {
    if (after.gpu_ms > 0 && after.gpu_ms != before.gpu_ms)
      clock_ = clock::gpu;
    else if (clock_ != clock::gpu && after.cpu_ms > 0 && after.cpu_ms != before.cpu_ms)
      clock_ = clock::cpu;
    switch (clock_) {
      case clock::gpu:
        return after.gpu_ms;
      case clock::cpu:
        return after.cpu_ms;
      case clock::none:
        break;
    }
    return -1;
  }

  const course_function& f_;
  int n_;
  std::vector<int> input_copy_;
  double region_ms_ = -1;
  clock clock_ = clock::none;  // the timer clock this function's calls change, once seen
};

class course_backend final : public host_backend {
 public:
  static plugin_info info() {
    std::string description =
        "course-style stream compaction code, through parprim's course adapter";
    // What the configure step skipped, one line each ("skipped SIGNATURE (FILE:LINE): why"),
    // then what the compiler could not call.
    if (const std::string configure = PARPRIM_COURSE_SKIPPED; !configure.empty())
      description += "\n" + configure;
    for (const std::string& skipped : all_functions().skipped)
      description += "\nskipped " + skipped;
    plugin_info i{.name = PARPRIM_COURSE_PLUGIN_NAME,
                  .version = "course",
                  .description = description,
                  .domain = PARPRIM_DOMAIN_HOST,  // the course API takes host pointers
                  .variants = {},
                  .params = {},
                  .timing = PARPRIM_TIMING_OWN_REGION};
    for (const auto& f : functions())
      i.variants.push_back({f.operation,
                            f.variant,
                            f.description + "; " + timing_text(f) +
                                (f.copies_input ? "; takes int* idata: called on a copy" : ""),
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
