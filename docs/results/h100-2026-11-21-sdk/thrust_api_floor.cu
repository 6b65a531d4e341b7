// Diagnostic, not part of parprim: how much of the `thrust` variant's time over CUB is Thrust's API.
// Build here: nvcc -O3 -std=c++20 -arch=sm_90 thrust_api_floor.cu -o thrust_api_floor; run it on the GPU machine.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)

struct alloc_t {
  using value_type = char;
  std::vector<std::pair<char*, size_t>> blocks; std::vector<bool> used;
  char* allocate(std::ptrdiff_t n) {
    for (size_t i = 0; i < blocks.size(); ++i) if (!used[i] && blocks[i].second >= size_t(n)) { used[i] = true; return blocks[i].first; }
    char* p; CK(cudaMalloc(&p, n ? n : 1)); blocks.push_back({p, size_t(n)}); used.push_back(true); return p;
  }
  void deallocate(char* p, size_t) { for (size_t i = 0; i < blocks.size(); ++i) if (blocks[i].first == p) used[i] = false; }
};
struct nonzero { __host__ __device__ bool operator()(int x) const { return x != 0; } };
__global__ void store(std::uint64_t* d, std::uint64_t v) { *d = v; }

double time_ms(cudaStream_t s, const std::function<void()>& f) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) f();
  CK(cudaStreamSynchronize(s));
  std::vector<float> t;
  for (int i = 0; i < 41; ++i) { cudaEventRecord(a, s); f(); cudaEventRecord(b, s); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms); }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}

int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int lg : {24, 26, 28}) {
    const std::size_t n = std::size_t(1) << lg;
    std::vector<int> h(n); unsigned x = 12345; for (auto& v : h) { x = x * 1664525u + 1013904223u; v = (x >> 8) % 4 == 0 ? 0 : int(x >> 4); }
    int *in, *out, *vin, *vout; std::uint64_t* cnt; std::uint64_t* pinned;
    CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&out, n * 4)); CK(cudaMalloc(&vin, n * 4)); CK(cudaMalloc(&vout, n * 4)); CK(cudaMalloc(&cnt, 8)); CK(cudaMallocHost(&pinned, 8));
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(vin, h.data(), n * 4, cudaMemcpyHostToDevice));
    alloc_t al; auto pol = thrust::cuda::par_nosync(al).on(s);
    double A = time_ms(s, [&] { auto e = thrust::copy_if(pol, in, in + n, out, nonzero{}); store<<<1, 1, 0, s>>>(cnt, std::uint64_t(e - out)); });
    double B = time_ms(s, [&] { auto e = thrust::copy_if(pol, in, in + n, out, nonzero{}); *pinned = e - out; cudaMemcpyAsync(cnt, pinned, 8, cudaMemcpyHostToDevice, s); });
    double C = time_ms(s, [&] { thrust::copy_if(pol, in, in + n, out, nonzero{}); });
    void* tmp = nullptr; size_t tb = 0; cub::DeviceSelect::If(tmp, tb, in, out, cnt, int(n), nonzero{}, s); CK(cudaMalloc(&tmp, tb));
    double E = time_ms(s, [&] { cub::DeviceSelect::If(tmp, tb, in, out, cnt, int(n), nonzero{}, s); });
    double F = time_ms(s, [&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice, s); cudaMemcpyAsync(vout, vin, n * 4, cudaMemcpyDeviceToDevice, s); thrust::stable_sort_by_key(pol, out, out + n, vout, thrust::less<int>()); });
    double G = time_ms(s, [&] { thrust::stable_sort_by_key(pol, out, out + n, vout, thrust::less<int>()); });
    double K = time_ms(s, [&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice, s); cudaMemcpyAsync(vout, vin, n * 4, cudaMemcpyDeviceToDevice, s); });
    void* tmp2 = nullptr; size_t tb2 = 0; cub::DeviceRadixSort::SortPairs(tmp2, tb2, in, out, vin, vout, int(n), 0, 32, s); CK(cudaMalloc(&tmp2, tb2));
    double H = time_ms(s, [&] { cub::DeviceRadixSort::SortPairs(tmp2, tb2, in, out, vin, vout, int(n), 0, 32, s); });
    // CUB's DoubleBuffer (overwrite-okay) mode, as Thrust calls it, with 64-bit and 32-bit counts.
    int *kalt, *valt; CK(cudaMalloc(&kalt, n * 4)); CK(cudaMalloc(&valt, n * 4));
    cub::DoubleBuffer<int> kb(out, kalt), vb(vout, valt); void* tmp3 = nullptr; size_t tb3 = 0;
    cub::DeviceRadixSort::SortPairs(tmp3, tb3, kb, vb, (long long)n, 0, 32, s); CK(cudaMalloc(&tmp3, tb3));
    double I64 = time_ms(s, [&] { cub::DoubleBuffer<int> k(out, kalt), v(vout, valt); cub::DeviceRadixSort::SortPairs(tmp3, tb3, k, v, (long long)n, 0, 32, s); });
    double I32 = time_ms(s, [&] { cub::DoubleBuffer<int> k(out, kalt), v(vout, valt); cub::DeviceRadixSort::SortPairs(tmp3, tb3, k, v, int(n), 0, 32, s); });
    CK(cudaStreamSynchronize(s));
    printf("2^%d copy_if: thrust+kernel %.4f thrust+pinned_memcpy %.4f thrust_alone %.4f cub %.4f | ratios %.3f %.3f %.3f\n", lg, A, B, C, E, A / E, B / E, C / E);
    printf("2^%d pairs: thrust+2copies %.4f thrust_sort_alone %.4f two_copies %.4f cub %.4f cub_doublebuffer_i64 %.4f cub_doublebuffer_i32 %.4f | ratios %.3f %.3f\n", lg, F, G, K, H, I64, I32, F / H, G / H);
    cudaFree(in); cudaFree(out); cudaFree(vin); cudaFree(vout); cudaFree(cnt); cudaFree(tmp); cudaFree(tmp2); cudaFree(tmp3); cudaFree(kalt); cudaFree(valt); cudaFreeHost(pinned);
  }
}
