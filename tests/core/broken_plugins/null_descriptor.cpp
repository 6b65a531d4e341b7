// Its entry point returns no descriptor.
#include "parprim/plugin_abi.h"
extern "C" PARPRIM_EXPORT const uint32_t parprim_abi_version = PARPRIM_ABI_VERSION;
extern "C" PARPRIM_EXPORT const parprim_plugin_descriptor* parprim_plugin_entry(void) {
  return nullptr;
}
