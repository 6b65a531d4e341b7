// A scan backend with a planted bug: its exclusive scan starts from 1 instead of 0 once the
// input is longer than 100 elements. The runner must report it as failed with the mismatch,
// go on with the other backends, and exit with status 1.
#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct off_by_one {
  static constexpr const char* name = "planted_off_by_one";
  static constexpr const char* description =
      "exclusive scan off by one above 100 elements (for tests)";
  static constexpr const char* variant = "wrong";
  static constexpr const char* variant_description = "starts from 1";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    parprim::host::scan_range<false>(in, out, n, T(n > 100 ? 1 : 0));
  }
};
}  // namespace

PARPRIM_PLUGIN(parprim::test::planted_scan_backend<off_by_one>)
