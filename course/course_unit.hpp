// The course adapter's side of a unit (docs/course-projects.md): what each generated
// parprim_course_unit_K.cu includes after the project's own includes, and what the adapter
// (course_adapter.cu) reads the units' functions through. A unit includes one header of the
// project, as the project's own source does, and registers the functions that header declares;
// the adapter includes no header of the project, so headers that no source of the project
// includes together never meet (course/find_course_functions.py writes the units).
#pragma once

#include <concepts>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "parprim/plugin_abi.h"

// Lookup of NS::timer finds the project's own declaration when NS has one; only when there is
// none does it reach this one, through the using-directive each unit adds to its namespaces,
// and its return type says "missing" (a qualified name looks into nominated namespaces only
// when the namespace itself declares nothing by that name).
namespace parprim_course_missing {
struct missing {};
template <class... A>
missing timer(A&&...) {
  return {};
}
}  // namespace parprim_course_missing

namespace parprim::course {

/// The course timer's two readings (ms), -1 where the timer has no such reading.
struct timer_reading {
  double cpu_ms = -1;
  double gpu_ms = -1;
};

// The course timer's readings, where they are numbers (one submission's getters return a struct
// of its own: such a reading is not one, and a timer with neither is no timer).
template <class Timer>
concept reads_cpu_ms = requires(Timer& t) {
  { t.getCpuElapsedTimeForPreviousOperation() } -> std::convertible_to<double>;
};
template <class Timer>
concept reads_gpu_ms = requires(Timer& t) {
  { t.getGpuElapsedTimeForPreviousOperation() } -> std::convertible_to<double>;
};
template <class Timer>
concept course_timer = reads_cpu_ms<Timer> || reads_gpu_ms<Timer>;

template <class Timer>
timer_reading read_timer(Timer&& t) {
  using T = std::remove_reference_t<Timer>;
  timer_reading r;
  if constexpr (reads_cpu_ms<T>) r.cpu_ms = double(t.getCpuElapsedTimeForPreviousOperation());
  if constexpr (reads_gpu_ms<T>) r.gpu_ms = double(t.getGpuElapsedTimeForPreviousOperation());
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

struct course_functions {
  std::vector<course_function> found;
  std::vector<std::string> skipped;
};

// Adds a course function when the compiler can call it as the course does, with a const input
// or, failing that, a mutable one (then on a copy of the input), and a definition was linked
// (`defined`: false where the unit's weak reference to it reads null); lists it as skipped
// otherwise.
template <class Call, class Timer>
void add_function(course_functions& c, parprim_operation op, const char* variant,
                  const char* description, bool defined, Call call, Timer timer) {
  if (!defined) {
    c.skipped.push_back(std::string(description) +
                        ": declared, and defined by no source of the project (nothing to call)");
    return;
  }
  constexpr bool by_const = std::is_invocable_v<Call, int, int*, const int*>;
  constexpr bool by_mutable = std::is_invocable_v<Call, int, int*, int*>;
  if constexpr (by_const || by_mutable) {
    using input = std::conditional_t<by_const, const int*, int*>;
    if (op == PARPRIM_OP_COMPACT && std::is_void_v<std::invoke_result_t<Call, int, int*, input>>) {
      c.skipped.push_back(std::string(description) + ": a compaction that returns no count");
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
    // No timer() in its namespace (the fallback's `missing`), or one whose readings are not
    // numbers: the runner times the whole call.
    if constexpr (course_timer<std::remove_reference_t<std::invoke_result_t<Timer>>>)
      f.timer = [timer]() -> timer_reading { return read_timer(timer()); };
    c.found.push_back(std::move(f));
  } else {
    c.skipped.push_back(std::string(description) +
                        ": the compiler cannot call it as f(int n, int* odata, const int* idata)");
  }
}

}  // namespace parprim::course

// Each found function's call is a generic lambda whose return type names the call, so that a
// function of another signature fails substitution (std::is_invocable says no) instead of
// compiling. A mapped one (VARIANTS) is the user's expression over n, odata and idata.
#define PARPRIM_COURSE_ADD_FOUND(OP, VARIANT, NS, FN, DESCRIPTION, DEFINED)                \
  ::parprim::course::add_function(                                                         \
      c, OP, VARIANT, DESCRIPTION, DEFINED,                                                \
      [](auto n, auto o, auto i) -> decltype(NS::FN(n, o, i)) { return NS::FN(n, o, i); }, \
      [](auto... d) -> decltype(NS::timer(d...)) { return NS::timer(d...); });
#define PARPRIM_COURSE_ADD_MAPPED(OP, VARIANT, NS, EXPRESSION, DESCRIPTION, DEFINED) \
  ::parprim::course::add_function(                                                   \
      c, OP, VARIANT, DESCRIPTION, DEFINED,                                          \
      [](int n, int* odata, const int* idata) { return EXPRESSION; },                \
      [](auto... d) -> decltype(NS::timer(d...)) { return NS::timer(d...); });
#define PARPRIM_COURSE_OPEN_NAMESPACE(NS)   \
  namespace NS {                            \
  using namespace ::parprim_course_missing; \
  }

/// A unit's one function: it adds the functions of PARPRIM_COURSE_UNIT_FUNCTIONS, their
/// namespaces (PARPRIM_COURSE_UNIT_NAMESPACES) first opened to the missing-timer fallback.
#define PARPRIM_COURSE_DEFINE_UNIT(NAME)                                               \
  PARPRIM_COURSE_UNIT_NAMESPACES(PARPRIM_COURSE_OPEN_NAMESPACE)                        \
  void NAME(::parprim::course::course_functions& c) {                                  \
    PARPRIM_COURSE_UNIT_FUNCTIONS(PARPRIM_COURSE_ADD_FOUND, PARPRIM_COURSE_ADD_MAPPED) \
  }
