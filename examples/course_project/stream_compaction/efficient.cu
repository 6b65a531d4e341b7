#include <cuda.h>
#include <cuda_runtime.h>

#include "common.h"
#include "efficient.h"

#define blockSize 128

namespace StreamCompaction {
    namespace Efficient {
        using StreamCompaction::Common::PerformanceTimer;
        PerformanceTimer& timer()
        {
            static PerformanceTimer timer;
            return timer;
        }

        // Up-sweep level d: the node at each stride's end gains its left sibling.
        __global__ void kernUpSweep(int nodes, int stride, int *data) {
            int t = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (t >= nodes) return;
            long long right = (long long)(t + 1) * stride - 1;
            data[right] += data[right - stride / 2];
        }

        // Down-sweep level d: the left child gets the parent's value, the right child the sum.
        __global__ void kernDownSweep(int nodes, int stride, int *data) {
            int t = (blockIdx.x * blockDim.x) + threadIdx.x;
            if (t >= nodes) return;
            long long right = (long long)(t + 1) * stride - 1;
            long long left = right - stride / 2;
            int leftValue = data[left];
            data[left] = data[right];
            data[right] += leftValue;
        }

        void scanDevice(int paddedN, int *dev_data) {
            int levels = ilog2ceil(paddedN);
            for (int d = 0; d < levels; ++d) {
                int stride = 1 << (d + 1);
                int nodes = paddedN / stride;
                kernUpSweep<<<(nodes + blockSize - 1) / blockSize, blockSize>>>(nodes, stride, dev_data);
                checkCUDAError("kernUpSweep failed!");
            }
            cudaMemset(dev_data + paddedN - 1, 0, sizeof(int));
            for (int d = levels - 1; d >= 0; --d) {
                int stride = 1 << (d + 1);
                int nodes = paddedN / stride;
                kernDownSweep<<<(nodes + blockSize - 1) / blockSize, blockSize>>>(nodes, stride, dev_data);
                checkCUDAError("kernDownSweep failed!");
            }
        }

        /**
         * Performs prefix-sum (aka scan) on idata, storing the result into odata.
         */
        void scan(int n, int *odata, const int *idata) {
            if (n <= 0) return;
            int paddedN = 1 << ilog2ceil(n);
            int *dev_data;
            cudaMalloc((void**)&dev_data, paddedN * sizeof(int));
            checkCUDAError("cudaMalloc dev_data failed!");
            cudaMemset(dev_data, 0, paddedN * sizeof(int));
            cudaMemcpy(dev_data, idata, n * sizeof(int), cudaMemcpyHostToDevice);
            checkCUDAError("cudaMemcpy to device failed!");

            timer().startGpuTimer();
            scanDevice(paddedN, dev_data);
            timer().endGpuTimer();

            cudaMemcpy(odata, dev_data, n * sizeof(int), cudaMemcpyDeviceToHost);
            checkCUDAError("cudaMemcpy to host failed!");
            cudaFree(dev_data);
        }

        /**
         * Performs stream compaction on idata, storing the result into odata.
         * All zeroes are discarded.
         *
         * @returns      The number of elements remaining after compaction.
         */
        int compact(int n, int *odata, const int *idata) {
            if (n <= 0) return 0;
            int paddedN = 1 << ilog2ceil(n);
            int *dev_in, *dev_out, *dev_bools, *dev_indices;
            cudaMalloc((void**)&dev_in, n * sizeof(int));
            cudaMalloc((void**)&dev_out, n * sizeof(int));
            cudaMalloc((void**)&dev_bools, n * sizeof(int));
            cudaMalloc((void**)&dev_indices, paddedN * sizeof(int));
            checkCUDAError("cudaMalloc failed!");
            cudaMemcpy(dev_in, idata, n * sizeof(int), cudaMemcpyHostToDevice);
            cudaMemset(dev_indices, 0, paddedN * sizeof(int));
            checkCUDAError("cudaMemcpy to device failed!");

            dim3 fullBlocksPerGrid((n + blockSize - 1) / blockSize);
            timer().startGpuTimer();
            StreamCompaction::Common::kernMapToBoolean<<<fullBlocksPerGrid, blockSize>>>(n, dev_bools, dev_in);
            checkCUDAError("kernMapToBoolean failed!");
            cudaMemcpy(dev_indices, dev_bools, n * sizeof(int), cudaMemcpyDeviceToDevice);
            scanDevice(paddedN, dev_indices);
            StreamCompaction::Common::kernScatter<<<fullBlocksPerGrid, blockSize>>>(n, dev_out, dev_in, dev_bools, dev_indices);
            checkCUDAError("kernScatter failed!");
            timer().endGpuTimer();

            int lastIndex = 0, lastBool = 0;
            cudaMemcpy(&lastIndex, dev_indices + n - 1, sizeof(int), cudaMemcpyDeviceToHost);
            cudaMemcpy(&lastBool, dev_bools + n - 1, sizeof(int), cudaMemcpyDeviceToHost);
            int count = lastIndex + lastBool;
            cudaMemcpy(odata, dev_out, count * sizeof(int), cudaMemcpyDeviceToHost);
            checkCUDAError("cudaMemcpy to host failed!");
            cudaFree(dev_in);
            cudaFree(dev_out);
            cudaFree(dev_bools);
            cudaFree(dev_indices);
            return count;
        }
    }
}
