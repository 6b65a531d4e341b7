// Claims an ABI version this runner does not know.
#include "parprim/plugin_abi.h"
extern "C" PARPRIM_EXPORT const uint32_t parprim_abi_version = 999;
extern "C" PARPRIM_EXPORT const parprim_plugin_descriptor* parprim_plugin_entry(void) {
  return nullptr;  // must never be called: the version is checked first
}
