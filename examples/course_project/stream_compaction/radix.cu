#include <cuda.h>
#include <cuda_runtime.h>

#include "common.h"
#include "efficient.h"
#include "radix.h"

#define blockSize 128

namespace StreamCompaction {
    namespace Radix {
        using StreamCompaction::Common::PerformanceTimer;
        PerformanceTimer& timer()
        {
            static PerformanceTimer timer;
            return timer;
        }

        // e[i] = 1 where the bit is 0 (for the sign bit: where it is 1, so negatives go first).
        __global__ void kernZeroBits(int n, int bit, int *e, const int *keys) {
            int i = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (i >= n) return;
            int b = (keys[i] >> bit) & 1;
            e[i] = bit == 31 ? b : 1 - b;
        }

        // Keys with e = 1 go to f[i]; the others after all of them, in order.
        __global__ void kernSplit(int n, int *out, const int *keys, const int *e, const int *f) {
            int i = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (i >= n) return;
            int totalFalses = f[n - 1] + e[n - 1];
            int to = e[i] ? f[i] : i - f[i] + totalFalses;
            out[to] = keys[i];
        }

        void sort(int n, int *odata, const int *idata) {
            if (n <= 0) return;
            int paddedN = 1 << ilog2ceil(n);
            int *dev_a, *dev_b, *dev_e, *dev_f;
            cudaMalloc((void**)&dev_a, n * sizeof(int));
            cudaMalloc((void**)&dev_b, n * sizeof(int));
            cudaMalloc((void**)&dev_e, n * sizeof(int));
            cudaMalloc((void**)&dev_f, paddedN * sizeof(int));
            checkCUDAError("cudaMalloc failed!");
            cudaMemcpy(dev_a, idata, n * sizeof(int), cudaMemcpyHostToDevice);
            checkCUDAError("cudaMemcpy to device failed!");

            dim3 fullBlocksPerGrid((n + blockSize - 1) / blockSize);
            timer().startGpuTimer();
            for (int bit = 0; bit < 32; ++bit) {
                kernZeroBits<<<fullBlocksPerGrid, blockSize>>>(n, bit, dev_e, dev_a);
                cudaMemset(dev_f, 0, paddedN * sizeof(int));
                cudaMemcpy(dev_f, dev_e, n * sizeof(int), cudaMemcpyDeviceToDevice);
                StreamCompaction::Efficient::scanDevice(paddedN, dev_f);
                kernSplit<<<fullBlocksPerGrid, blockSize>>>(n, dev_b, dev_a, dev_e, dev_f);
                checkCUDAError("kernSplit failed!");
                std::swap(dev_a, dev_b);
            }
            timer().endGpuTimer();

            cudaMemcpy(odata, dev_a, n * sizeof(int), cudaMemcpyDeviceToHost);
            checkCUDAError("cudaMemcpy to host failed!");
            cudaFree(dev_a);
            cudaFree(dev_b);
            cudaFree(dev_e);
            cudaFree(dev_f);
        }
    }
}
