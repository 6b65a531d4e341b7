#include <cuda.h>
#include <cuda_runtime.h>

#include "common.h"
#include "naive.h"

#define blockSize 128

namespace StreamCompaction {
    namespace Naive {
        using StreamCompaction::Common::PerformanceTimer;
        PerformanceTimer& timer()
        {
            static PerformanceTimer timer;
            return timer;
        }

        // One level of Hillis-Steele: out[k] = in[k - offset] + in[k] where k >= offset.
        __global__ void kernScanLevel(int n, int offset, int *out, const int *in) {
            int k = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (k >= n) return;
            out[k] = k >= offset ? in[k - offset] + in[k] : in[k];
        }

        // Shifts the inclusive scan right by one to make it exclusive.
        __global__ void kernShiftRight(int n, int *out, const int *in) {
            int k = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (k >= n) return;
            out[k] = k == 0 ? 0 : in[k - 1];
        }

        /**
         * Performs prefix-sum (aka scan) on idata, storing the result into odata.
         */
        void scan(int n, int *odata, const int *idata) {
            if (n <= 0) return;
            int *dev_a, *dev_b;
            cudaMalloc((void**)&dev_a, n * sizeof(int));
            checkCUDAError("cudaMalloc dev_a failed!");
            cudaMalloc((void**)&dev_b, n * sizeof(int));
            checkCUDAError("cudaMalloc dev_b failed!");
            cudaMemcpy(dev_a, idata, n * sizeof(int), cudaMemcpyHostToDevice);
            checkCUDAError("cudaMemcpy to device failed!");

            dim3 fullBlocksPerGrid((n + blockSize - 1) / blockSize);
            timer().startGpuTimer();
            for (int d = 1; d <= ilog2ceil(n); ++d) {
                kernScanLevel<<<fullBlocksPerGrid, blockSize>>>(n, 1 << (d - 1), dev_b, dev_a);
                checkCUDAError("kernScanLevel failed!");
                std::swap(dev_a, dev_b);
            }
            kernShiftRight<<<fullBlocksPerGrid, blockSize>>>(n, dev_b, dev_a);
            checkCUDAError("kernShiftRight failed!");
            timer().endGpuTimer();

            cudaMemcpy(odata, dev_b, n * sizeof(int), cudaMemcpyDeviceToHost);
            checkCUDAError("cudaMemcpy to host failed!");
            cudaFree(dev_a);
            cudaFree(dev_b);
        }
    }
}
