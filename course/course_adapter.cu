// The course adapter: a parprim plugin around course-style stream compaction code, unedited
// (docs/course-projects.md). Built by parprim_add_course_plugin(), which compiles this file with
// PARPRIM_COURSE_PLUGIN_NAME set, beside the units course/find_course_functions.py generated
// from the project's preprocessed headers (one per header declaring course functions, each
// including that header as the project's own source does, and one for VARIANTS' mappings);
// parprim_course_functions.hpp lists the units and what was skipped.
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
#include <memory>
#include <string>
#include <vector>

#include "course_unit.hpp"
#include "parprim/cuda/availability.hpp"
#include "parprim/host_backend.hpp"
#include "parprim/plugin.hpp"
#include "parprim_course_functions.hpp"

// The units' functions (parprim_course_unit_K.cu), each registering the functions of one of
// the project's headers; this file includes none of the project's headers.
#define PARPRIM_COURSE_DECLARE_UNIT(NAME) void NAME(::parprim::course::course_functions&);
PARPRIM_COURSE_UNITS(PARPRIM_COURSE_DECLARE_UNIT)
#undef PARPRIM_COURSE_DECLARE_UNIT

namespace parprim::course {

course_functions find_course_functions() {
  course_functions c;
#define PARPRIM_COURSE_CALL_UNIT(NAME) NAME(c);
  PARPRIM_COURSE_UNITS(PARPRIM_COURSE_CALL_UNIT)
#undef PARPRIM_COURSE_CALL_UNIT
  return c;
}

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
                 : "times: the whole call (its namespace declares no timer() whose readings "
                   "are numbers)";
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
      throw error(PARPRIM_UNSUPPORTED,
                  f_.variant + ": its namespace declares no timer() whose readings are numbers");
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
