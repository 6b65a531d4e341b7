#include "cpu.h"

namespace StreamCompaction {
namespace CPU {
PerformanceTimer& timer() {
  static PerformanceTimer t;
  return t;
}

void scan(int n, int* odata, const int* idata) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    odata[i] = sum;
    sum += idata[i];
  }
}
}  // namespace CPU
}  // namespace StreamCompaction
