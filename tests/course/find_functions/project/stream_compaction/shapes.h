#pragma once
// Every shape course/find_course_functions.py must tell apart (tests/course/test_find_course_functions.py).
extern int blockSize;
extern int definedElsewhere;
namespace StreamCompaction {
namespace Common {
__global__ void kernScan(int n, int* odata, const int* idata);
template <class T> void scanAny(int n, T* odata, const T* idata);
}
namespace Naive {
void scan(int n, int* odata, const int* idata);
void scanShared(int n, int *odata, const int *idata, bool timed = true);
void scan_device(int n, int* dev_odata, const int* dev_idata);
}
namespace Efficient {
int compact(int n, int* odata, const int* idata);
void scan(int n, int* odata, const int* idata, bool useSharedMemory);
void scan(int n, int* odata, const int* idata);  // an overload of the course's shape, after one not
void upsweep(int n, int* odata, const int* idata);
}
}
namespace StreamCompaction::RadixSort {
void sort(int* out, const int* in, int n);
}
namespace Radix {
void radixSort(int n,
               int* odata,
               const int* idata);
void scan(int n, int* odata, const int* idata);
}
void sort(int n, int* odata, const int* idata);
namespace StreamCompaction {
namespace Inline {  // defined here: the unit's reference to them stays as it is (not weak)
inline int compact(int n, int* odata, const int* idata) { return n + odata[0] + idata[0]; }
static void scan(int n, int* odata, const int* idata) { odata[0] = n + idata[0]; }
}
}
