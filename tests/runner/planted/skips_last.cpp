// A scan backend with a planted bug: it never writes the last output element. When it runs
// after a correct backend of the same size, the memory it is handed may still hold the right
// answer; the runner poisons outputs before the validation run, so it must still be caught.
#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct skips_last {
  static constexpr const char* name = "planted_skips_last";
  static constexpr const char* description =
      "exclusive scan that leaves the last element unwritten (for tests)";
  static constexpr const char* variant = "lazy";
  static constexpr const char* variant_description = "stops one short";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    if (n > 1) parprim::host::scan_range<false>(in, out, n - 1, T(0));
  }
};
}  // namespace

PARPRIM_PLUGIN(parprim::test::planted_scan_backend<skips_last>)
