// Scratch probe (not committed): onesweep variants beside CUB, hot, per size.
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>
#include "onesweep_sort.cuh"
using namespace parprim::cuda_efficient;
template <class T> __global__ void fill(T* p, std::uint64_t n, std::uint64_t seed) {
  for (std::uint64_t i = blockIdx.x * (std::uint64_t)blockDim.x + threadIdx.x; i < n; i += (std::uint64_t)gridDim.x * blockDim.x) {
    std::uint64_t x = (i + seed) * 0x9E3779B97F4A7C15ull; x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29; p[i] = (T)x; } }
struct timer { cudaEvent_t a, b; timer() { cudaEventCreate(&a); cudaEventCreate(&b); }
  template <class F> float ms(F f, int reps = 20) { f(); f(); cudaEventRecord(a); for (int r = 0; r < reps; ++r) f(); cudaEventRecord(b); cudaEventSynchronize(b); float t; cudaEventElapsedTime(&t, a, b); return t / reps; } };
template <class T> void probe(std::uint64_t n, bool pairs, int block = 256, int items = 23) {
  T *in, *out, *ref, *vin, *vout, *vref; cudaMalloc(&in, n * sizeof(T)); cudaMalloc(&out, n * sizeof(T)); cudaMalloc(&ref, n * sizeof(T));
  cudaMalloc(&vin, n * sizeof(T)); cudaMalloc(&vout, n * sizeof(T)); cudaMalloc(&vref, n * sizeof(T));
  fill<<<1024, 256>>>(in, n, 7); fill<<<1024, 256>>>(vin, n, 9);
  timer t; size_t tb = 0;
  if (pairs) cub::DeviceRadixSort::SortPairs(nullptr, tb, in, ref, vin, vref, (int64_t)n); else cub::DeviceRadixSort::SortKeys(nullptr, tb, in, ref, (int64_t)n);
  void* tmp; cudaMalloc(&tmp, tb);
  auto cubrun = [&] { if (pairs) cub::DeviceRadixSort::SortPairs(tmp, tb, in, ref, vin, vref, (int64_t)n); else cub::DeviceRadixSort::SortKeys(tmp, tb, in, ref, (int64_t)n); };
  onesweep_sort<T> s(n, pairs, lookback_shape{block, items});
  auto osrun = [&] { s.run(in, out, pairs ? vin : nullptr, pairs ? vout : nullptr, false, nullptr); };
  float c1 = t.ms(cubrun), o1 = t.ms(osrun), c2 = t.ms(cubrun), o2 = t.ms(osrun);
  std::vector<T> a(n), b(n); cudaMemcpy(a.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost); cudaMemcpy(b.data(), ref, n * sizeof(T), cudaMemcpyDeviceToHost);
  bool same = a == b;
  if (pairs) { cudaMemcpy(a.data(), vout, n * sizeof(T), cudaMemcpyDeviceToHost); cudaMemcpy(b.data(), vref, n * sizeof(T), cudaMemcpyDeviceToHost); same = same && a == b; }
  cudaError_t e = cudaGetLastError();
  printf("%dx%d %s %s n=2^%d: onesweep %.3f %.3f ms, cub %.3f %.3f ms, ratio %.3f %s %s\n", block, items, sizeof(T) == 4 ? "u32" : "u64", pairs ? "pairs" : "keys ",
         63 - __builtin_clzll(n), o1, o2, c1, c2, (o1 + o2) / (c1 + c2), same ? "same" : "DIFFERS", cudaGetErrorString(e));
  cudaFree(in); cudaFree(out); cudaFree(ref); cudaFree(vin); cudaFree(vout); cudaFree(vref); cudaFree(tmp);
}
int main(int argc, char** argv) {
  printf("variant %s\n", argv[1]);
  for (int lg : {24, 26, 28}) { probe<std::uint32_t>(1ull << lg, false); probe<std::uint32_t>(1ull << lg, true); }
  probe<std::uint64_t>(1ull << 26, false);
  probe<std::uint64_t>(1ull << 26, true);
  if (argc > 2) {
    const int shapes[][2] = {{256, 16}, {384, 23}, {512, 16}};
    for (auto& sh : shapes) { probe<std::uint32_t>(1ull << 26, false, sh[0], sh[1]); probe<std::uint32_t>(1ull << 26, true, sh[0], sh[1]); probe<std::uint64_t>(1ull << 26, false, sh[0], sh[1]); }
  }
}
