// Scratch probe (not committed): per-kernel times of the onesweep sort beside CUB.
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>
#include "onesweep_sort.cuh"
using namespace parprim::cuda_efficient;

template <class T> __global__ void fill(T* p, std::uint64_t n, std::uint64_t seed) {
  for (std::uint64_t i = blockIdx.x * (std::uint64_t)blockDim.x + threadIdx.x; i < n; i += (std::uint64_t)gridDim.x * blockDim.x) {
    std::uint64_t x = (i + seed) * 0x9E3779B97F4A7C15ull; x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
    p[i] = (T)x;
  }
}
struct timer { cudaEvent_t a, b; timer() { cudaEventCreate(&a); cudaEventCreate(&b); }
  template <class F> float ms(F f, int reps = 10) { f(); cudaEventRecord(a); for (int r = 0; r < reps; ++r) f(); cudaEventRecord(b); cudaEventSynchronize(b); float t; cudaEventElapsedTime(&t, a, b); return t / reps; } };

template <class T> void probe(std::uint64_t n, int block, int items) {
  T *in, *out, *ref; cudaMalloc(&in, n * sizeof(T)); cudaMalloc(&out, n * sizeof(T)); cudaMalloc(&ref, n * sizeof(T));
  fill<<<1024, 256>>>(in, n, 7);
  timer t;
  float copy = t.ms([&] { cudaMemcpyAsync(out, in, n * sizeof(T), cudaMemcpyDeviceToDevice); });
  size_t tb = 0; cub::DeviceRadixSort::SortKeys(nullptr, tb, in, ref, (int64_t)n); void* tmp; cudaMalloc(&tmp, tb);
  float cubt = t.ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tb, in, ref, (int64_t)n); });
  onesweep_sort<T> s(n, false, lookback_shape{block, items});
  float os = t.ms([&] { s.run(in, out, nullptr, nullptr, false, nullptr); });
  std::vector<T> a(n), b(n); cudaMemcpy(a.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost); cudaMemcpy(b.data(), ref, n * sizeof(T), cudaMemcpyDeviceToHost);
  bool same = a == b;
  T *vin, *vout; cudaMalloc(&vin, n * sizeof(T)); cudaMalloc(&vout, n * sizeof(T)); fill<<<1024, 256>>>(vin, n, 9);
  onesweep_sort<T> sp(n, true, lookback_shape{block, items});
  float pairs = t.ms([&] { sp.run(in, out, vin, vout, false, nullptr); });
  size_t tb2 = 0; cub::DeviceRadixSort::SortPairs(nullptr, tb2, in, ref, vin, vout, (int64_t)n); void* tmp2; cudaMalloc(&tmp2, tb2);
  float cubp = t.ms([&] { cub::DeviceRadixSort::SortPairs(tmp2, tb2, in, ref, vin, vout, (int64_t)n); });
  printf("  pairs: onesweep %.3f ms, cub %.3f ms (%.2fx)\n", pairs, cubp, pairs / cubp);
  cudaFree(vin); cudaFree(vout); cudaFree(tmp2);
  // histogram alone
  constexpr int places = sizeof(T);
  std::uint64_t* counts; cudaMalloc(&counts, places * 256 * 8); cudaMemset(counts, 0, places * 256 * 8);
  std::uint32_t* z; cudaMalloc(&z, 4 << 20);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float hist[4]; int mults[4] = {1, 2, 4, 8};
  for (int m = 0; m < 4; ++m) hist[m] = t.ms([&] { onesweep_histogram<T, places><<<mults[m] * sms, onesweep_histogram_threads>>>(in, n, counts, false, z, 0); });
  printf("%s n=%llu shape %dx%d: copy %.3f ms (%.0f GB/s), cub %.3f ms, onesweep %.3f ms (%.2fx cub) %s; histogram grid x1 %.3f x2 %.3f x4 %.3f x8 %.3f ms; per pass ~%.3f ms\n",
         sizeof(T) == 4 ? "u32" : "u64", (unsigned long long)n, block, items, copy, 2.0 * n * sizeof(T) / copy / 1e6, cubt, os, os / cubt, same ? "same as cub" : "DIFFERS",
         hist[0], hist[1], hist[2], hist[3], (os - hist[1]) / places);
  cudaFree(in); cudaFree(out); cudaFree(ref); cudaFree(tmp); cudaFree(counts); cudaFree(z);
}
int main() {
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); printf("%s\n", p.name);
  for (int b : {256, 384}) for (int it : {16, 23}) { if (b > onesweep_max_threads) continue; probe<std::uint32_t>(1u << 28, b, it); }
  probe<std::uint32_t>(1u << 24, 256, 23);
  probe<std::uint32_t>(1u << 16, 256, 23);
  for (int b : {256, 384}) for (int it : {16, 23}) { if (b > onesweep_max_threads) continue; probe<std::uint64_t>(1u << 26, b, it); }
}
