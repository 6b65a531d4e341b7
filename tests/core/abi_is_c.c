/* Compiles plugin_abi.h as strict C99 and checks a few layout facts a C host relies on. */
#include <stdio.h>

#include "parprim/plugin_abi.h"

int main(void) {
  parprim_plugin_descriptor d = {0};
  parprim_problem p = {0};
  parprim_io io = {0};
  d.abi_version = PARPRIM_ABI_VERSION;
  p.struct_size = (uint32_t)sizeof p;
  io.struct_size = (uint32_t)sizeof io;
  if (sizeof(p.threshold) != 8) return 1;
  if (PARPRIM_OP_SORT != 3 || PARPRIM_F64 != 6 || PARPRIM_DEVICE_LOST != 6) return 1;
  printf("plugin_abi.h is C: descriptor %u bytes, ABI %u\n", (unsigned)sizeof d, d.abi_version);
  return 0;
}
