// A scan backend with a planted race-like bug: right on most runs, but every fourth run leaves
// the middle element one too large. One validation run passes it; the conformance suite's
// repeatability check (tests/conformance/test_repeatability.cpp) must catch it.
#include <atomic>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct unrepeatable {
  static constexpr const char* name = "planted_unrepeatable";
  static constexpr const char* description =
      "exclusive scan whose every fourth run is one off in the middle (for tests)";
  static constexpr const char* variant = "racy";
  static constexpr const char* variant_description = "right three runs in four";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    static std::atomic<unsigned> runs{0};
    parprim::host::scan_range<false>(in, out, n, T(0));
    if (++runs % 4 == 0 && n > 0) out[n / 2] = T(out[n / 2] + T(1));
  }
};
}  // namespace

PARPRIM_PLUGIN(parprim::test::planted_scan_backend<unrepeatable>)
