// Returns a descriptor whose struct_size is shorter than ABI version 1 requires.
#include "parprim/plugin_abi.h"
extern "C" PARPRIM_EXPORT const uint32_t parprim_abi_version = PARPRIM_ABI_VERSION;
extern "C" PARPRIM_EXPORT const parprim_plugin_descriptor* parprim_plugin_entry(void) {
  static parprim_plugin_descriptor d{};
  d.abi_version = PARPRIM_ABI_VERSION;
  d.struct_size = 16;
  d.name = "short";
  return &d;
}
