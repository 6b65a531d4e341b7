#include <cstdio>
#include <vector>

#include "cpu.h"

#include "common.h"

namespace StreamCompaction {
    namespace CPU {
        using StreamCompaction::Common::PerformanceTimer;
        PerformanceTimer& timer()
        {
            static PerformanceTimer timer;
            return timer;
        }

        // The exclusive scan itself, without the timer, so that compactWithScan can use it.
        static void scanUntimed(int n, int *odata, const int *idata) {
            int sum = 0;
            for (int i = 0; i < n; ++i) {
                odata[i] = sum;
                sum += idata[i];
            }
        }

        /**
         * CPU scan (prefix sum).
         * For performance analysis, this is supposed to be a simple for loop.
         */
        void scan(int n, int *odata, const int *idata) {
            timer().startCpuTimer();
            scanUntimed(n, odata, idata);
            timer().endCpuTimer();
        }

        /**
         * CPU stream compaction without using the scan function.
         *
         * @returns the number of elements remaining after compaction.
         */
        int compactWithoutScan(int n, int *odata, const int *idata) {
            timer().startCpuTimer();
            int count = 0;
            for (int i = 0; i < n; ++i) {
                if (idata[i] != 0) odata[count++] = idata[i];
            }
            timer().endCpuTimer();
            return count;
        }

        /**
         * CPU stream compaction using scan and scatter, like the parallel version.
         *
         * @returns the number of elements remaining after compaction.
         */
        int compactWithScan(int n, int *odata, const int *idata) {
            std::vector<int> bools(n), indices(n);
            timer().startCpuTimer();
            for (int i = 0; i < n; ++i) bools[i] = idata[i] != 0;
            scanUntimed(n, indices.data(), bools.data());
            int count = n > 0 ? indices[n - 1] + bools[n - 1] : 0;
            for (int i = 0; i < n; ++i) {
                if (bools[i]) odata[indices[i]] = idata[i];
            }
            timer().endCpuTimer();
            return count;
        }
    }
}
