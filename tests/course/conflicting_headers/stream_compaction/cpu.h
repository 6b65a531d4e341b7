#pragma once

inline int ilog2(int x) {  // the same helper as common.h's: the two never meet in one file
  int lg = 0;
  while (x >>= 1) ++lg;
  return lg;
}

namespace StreamCompaction {
namespace CPU {
// A timer whose readings are a struct of the project's own, as one submission's are: not a
// number the adapter can read, so the runner times the whole call.
struct TimeElapse {
  float ms = 0;
};
struct PerformanceTimer {
  TimeElapse getCpuElapsedTimeForPreviousOperation() { return {}; }
};
PerformanceTimer& timer();
void scan(int n, int* odata, const int* idata);
}
}  // namespace StreamCompaction
