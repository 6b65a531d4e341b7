// A plugin as built against parprim before the descriptor grew its timing fields: its
// struct_size ends at device_description, and what lies beyond (here, nonsense) must be
// ignored. The runner must load and time it as it always did. Its scan is correct.
#include <cstddef>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct correct_scan {
  static constexpr const char* name = "planted_old_descriptor";
  static constexpr const char* description =
      "a descriptor of the size before the timing fields (for tests)";
  static constexpr const char* variant = "sequential";
  static constexpr const char* variant_description = "exclusive scan";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    parprim::host::scan_range<false>(in, out, n, T(0));
  }
};
using backend = parprim::test::planted_scan_backend<correct_scan>;
}  // namespace

extern "C" PARPRIM_EXPORT const std::uint32_t parprim_abi_version = PARPRIM_ABI_VERSION;
extern "C" PARPRIM_EXPORT const parprim_plugin_descriptor* parprim_plugin_entry(void) {
  static const parprim_plugin_descriptor old = [] {
    parprim_plugin_descriptor d = *parprim::detail::glue<backend>::descriptor();
    d.struct_size = offsetof(parprim_plugin_descriptor, timing_basis);
    d.timing_basis = 12345;  // past struct_size: never read
    d.own_time = nullptr;
    return d;
  }();
  return &old;
}
