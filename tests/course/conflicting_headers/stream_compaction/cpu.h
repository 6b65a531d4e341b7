#pragma once

inline int ilog2(int x) {  // the same helper as common.h's: the two never meet in one file
  int lg = 0;
  while (x >>= 1) ++lg;
  return lg;
}

namespace StreamCompaction {
namespace CPU {
void scan(int n, int* odata, const int* idata);
}
}  // namespace StreamCompaction
