// A plugin whose static initializer throws: the library aborts (std::terminate) while it is
// being loaded, before any of its code is called. Discovery, --list and a sweep must report it
// ("cannot load: the library aborted while loading") and go on with the other plugins.
#include <stdexcept>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {

int throws_at_load() {
  throw std::runtime_error("planted: a static initializer threw");
}
[[maybe_unused]] const int loaded = throws_at_load();

struct never_runs {
  static constexpr const char* name = "planted_bad_static_init";
  static constexpr const char* description = "aborts while being loaded (for tests)";
  static constexpr const char* variant = "unreachable";
  static constexpr const char* variant_description = "never loaded";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    parprim::host::scan_range<false>(in, out, n, T(0));
  }
};

}  // namespace

PARPRIM_PLUGIN(parprim::test::planted_scan_backend<never_runs>)
