// The data movement of decoding ASCII text, alone (issue 34; utf8_gpu.md, "What stands in the
// way"): read n bytes, write each as a 4-byte code point, with no classification, no look-back
// and no shared memory; beside it the runner's copy reference (cudaMemcpy of the n input bytes),
// a copy of the same traffic (5n / 2 bytes each way), a write of the 4n output bytes alone
// (cudaMemset and a kernel of 16-byte stores), and the widening with streaming stores. Each
// timed cold, as the runner's cold mode does: a 192 MiB scratch buffer written between samples
// evicts the L2 (50 MiB on an H100). Prints each one's time and GB/s, counting bytes read plus
// written, and its share of the runner's copy reference.
//   nvcc -O3 -std=c++17 -arch=sm_90 widen_floor.cu -o widen_floor && ./widen_floor [log2 n]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

// 16 input bytes a thread a step, written as four 16-byte vectors of code points.
template <bool Streaming>
__global__ void widen(const uint4* in, uint4* out, std::uint64_t vectors) {
  for (std::uint64_t v = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; v < vectors;
       v += std::uint64_t(gridDim.x) * blockDim.x) {
    const uint4 b = in[v];
    const std::uint32_t words[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t w = words[k];
      const uint4 cp = make_uint4(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF, w >> 24);
      if constexpr (Streaming)
        __stcs(out + 4 * v + k, cp);
      else
        out[4 * v + k] = cp;
    }
  }
}

// One input word a thread, written as one 16-byte vector of its four code points: a warp reads
// 128 bytes and writes 512 in one piece each, where `widen` above writes each lane's 64 bytes
// as four vectors 64 bytes apart (half of each 32-byte sector a store).
__global__ void widen_coalesced(const std::uint32_t* in, uint4* out, std::uint64_t words) {
  for (std::uint64_t v = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; v < words;
       v += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint32_t w = in[v];
    out[v] = make_uint4(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF, w >> 24);
  }
}

__global__ void write_only(uint4* out, std::uint64_t vectors) {
  for (std::uint64_t v = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; v < vectors;
       v += std::uint64_t(gridDim.x) * blockDim.x)
    out[v] = make_uint4(v, 0, 0, 0);
}

int main(int argc, char** argv) {
  const int log2n = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::uint64_t n = std::uint64_t(1) << log2n;  // input bytes
  const int samples = 30;
  std::uint8_t *in, *out, *scratch, *big_src, *big_dst;
  const std::uint64_t scratch_bytes = 192ull << 20, same_traffic = 5 * n / 2;
  CHECK(cudaMalloc(&in, n));
  CHECK(cudaMalloc(&out, 4 * n));
  CHECK(cudaMalloc(&scratch, scratch_bytes));
  CHECK(cudaMalloc(&big_src, same_traffic));
  CHECK(cudaMalloc(&big_dst, same_traffic));
  std::vector<std::uint8_t> host(n);
  std::uint64_t x = 20261207;
  for (auto& b : host) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    b = static_cast<std::uint8_t>(0x20 + (x >> 33) % 95);  // printable ASCII
  }
  CHECK(cudaMemcpy(in, host.data(), n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(big_src, 1, same_traffic));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int threads = 256, blocks = sms * 8;
  const std::uint64_t in_vectors = n / 16;
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  auto median_ms = [&](const std::function<void()>& op) {
    std::vector<float> t;
    for (int s = 0; s < samples + 1; ++s) {
      CHECK(cudaMemsetAsync(scratch, s, scratch_bytes));  // evict the L2
      CHECK(cudaEventRecord(start));
      op();
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      if (s > 0) t.push_back(ms);  // the first is a warm-up
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  const double copy_ms = median_ms([&] { CHECK(cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice)); });
  const double copy_gbs = 2.0 * n / copy_ms / 1e6;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, n = 2^%d input bytes, %d samples a row (median), cold L2\n", prop.name, log2n,
              samples);
  std::printf("| what | bytes moved | ms | GB/s | share of the copy reference |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: |\n");
  auto row = [&](const char* what, double bytes, double ms) {
    const double gbs = bytes / ms / 1e6;
    std::printf("| %s | %.0f MiB | %.4f | %.0f | %.1f%% |\n", what, bytes / (1 << 20), ms, gbs,
                100 * gbs / copy_gbs);
  };
  row("copy of the n input bytes (the runner's reference)", 2.0 * n, copy_ms);
  row("copy of 5n/2 bytes (the decode's traffic)", 2.0 * same_traffic,
      median_ms([&] { CHECK(cudaMemcpyAsync(big_dst, big_src, same_traffic, cudaMemcpyDeviceToDevice)); }));
  row("cudaMemset of the 4n output bytes", 4.0 * n,
      median_ms([&] { CHECK(cudaMemsetAsync(out, 0, 4 * n)); }));
  row("kernel writing the 4n output bytes", 4.0 * n, median_ms([&] {
        write_only<<<blocks, threads>>>(reinterpret_cast<uint4*>(out), 4 * in_vectors);
      }));
  // Each widening is checked: every code point its byte.
  std::vector<std::uint32_t> back(n);
  bool wrong = false;
  auto check = [&](const char* form) {
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(back.data(), out, 4 * n, cudaMemcpyDeviceToHost));
    for (std::uint64_t i = 0; i < n; ++i)
      if (back[i] != host[i]) {
        std::fprintf(stderr, "widen (%s): code point %llu is %u, its byte %u\n", form,
                     static_cast<unsigned long long>(i), back[i], host[i]);
        wrong = true;
        return;
      }
    std::printf("widen (%s): all %llu code points are their bytes\n", form,
                static_cast<unsigned long long>(n));
    CHECK(cudaMemset(out, 0, 4 * n));
  };
  CHECK(cudaMemset(out, 0, 4 * n));
  row("widen n bytes to 4n (default stores)", 5.0 * n, median_ms([&] {
        widen<false><<<blocks, threads>>>(reinterpret_cast<const uint4*>(in),
                                          reinterpret_cast<uint4*>(out), in_vectors);
      }));
  check("default stores");
  row("widen n bytes to 4n (streaming stores)", 5.0 * n, median_ms([&] {
        widen<true><<<blocks, threads>>>(reinterpret_cast<const uint4*>(in),
                                         reinterpret_cast<uint4*>(out), in_vectors);
      }));
  check("streaming stores");
  row("widen n bytes to 4n (a word a thread, coalesced)", 5.0 * n, median_ms([&] {
        widen_coalesced<<<blocks, threads>>>(reinterpret_cast<const std::uint32_t*>(in),
                                             reinterpret_cast<uint4*>(out), n / 4);
      }));
  check("coalesced");
  return wrong ? 1 : 0;
}
