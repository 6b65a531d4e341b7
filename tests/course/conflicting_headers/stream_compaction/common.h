// A planted course project shaped as one real submission is: common.h and cpu.h each define
// the same inline helper at global scope, so no file may include both; the project's own
// sources never do (cpu.cu includes cpu.h, efficient.cu common.h and efficient.h).
#pragma once

inline int ilog2(int x) {
  int lg = 0;
  while (x >>= 1) ++lg;
  return lg;
}
