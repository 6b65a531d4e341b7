#include "cpu.h"

#include <omp.h>  // as a submission built with Visual Studio: no OpenMP flag in its project

namespace StreamCompaction {
namespace CPU {
PerformanceTimer& timer() {
  static PerformanceTimer t;
  return t;
}

void scan(int n, int* odata, const int* idata) {
  omp_set_num_threads(1);  // links only where the OpenMP runtime is linked
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    odata[i] = sum;
    sum += idata[i];
  }
}
}  // namespace CPU
}  // namespace StreamCompaction
