#pragma once

#include "common.h"

namespace StreamCompaction {
    namespace Efficient {
        StreamCompaction::Common::PerformanceTimer& timer();

        void scan(int n, int *odata, const int *idata);

        int compact(int n, int *odata, const int *idata);

        // The scan of a device array already padded to a power of two, without the timer (the
        // radix sort uses it).
        void scanDevice(int paddedN, int *dev_data);
    }
}
