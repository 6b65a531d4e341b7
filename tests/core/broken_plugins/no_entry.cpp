// Has the ABI version symbol but no descriptor entry point.
#include "parprim/plugin_abi.h"
extern "C" PARPRIM_EXPORT const uint32_t parprim_abi_version = PARPRIM_ABI_VERSION;
