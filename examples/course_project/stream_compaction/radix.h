#pragma once

#include "common.h"

namespace StreamCompaction {
    namespace Radix {
        StreamCompaction::Common::PerformanceTimer& timer();

        // Sorts idata ascending into odata: one split per bit, the sign bit last.
        void sort(int n, int *odata, const int *idata);
    }
}
