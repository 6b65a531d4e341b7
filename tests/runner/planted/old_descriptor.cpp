// A plugin as built against an older parprim, whose descriptor ended before the field
// PARPRIM_PLANTED_DESCRIPTOR_ENDS_BEFORE (timing_basis: before the timing fields; flush_caches:
// before the measurement hooks). What lies beyond its struct_size (here, nonsense) must be
// ignored: the runner must load and time it as it always did. Its scan is correct.
#include <cstddef>
#include <cstring>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {
struct correct_scan {
  static constexpr const char* name = PARPRIM_PLANTED_NAME;
  static constexpr const char* description = "a descriptor of an older size (for tests)";
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
    d.struct_size = offsetof(parprim_plugin_descriptor, PARPRIM_PLANTED_DESCRIPTOR_ENDS_BEFORE);
    // Past struct_size, never read: nonsense where a newer descriptor has fields.
    auto* past = reinterpret_cast<unsigned char*>(&d) + d.struct_size;
    std::memset(past, 0xA5, sizeof d - d.struct_size);
    return d;
  }();
  return &old;
}
