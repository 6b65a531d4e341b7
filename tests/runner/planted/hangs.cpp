// A scan backend that never returns from run() once n > 1000 (a kernel-less stand-in for a
// student's infinite loop). The runner's watchdog and the conformance suite's must stop it,
// name the case, and go on with the other plugins.
#include <unistd.h>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct hangs {
  static constexpr const char* name = "planted_hang";
  static constexpr const char* description =
      "exclusive scan that never returns above 1000 "
      "elements (for tests)";
  static constexpr const char* variant = "forever";
  static constexpr const char* variant_description = "never returns above 1000 elements";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    while (n > 1000) pause();
    parprim::host::scan_range<false>(in, out, n, T(0));
  }
};
}  // namespace

PARPRIM_PLUGIN(parprim::test::planted_scan_backend<hangs>)
