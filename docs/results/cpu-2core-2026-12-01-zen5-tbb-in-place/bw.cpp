#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include <cstdint>
using clk = std::chrono::steady_clock;
int main() {
  const size_t bytes = 256u << 20;
  std::vector<char> a(bytes, 1), b(bytes, 2);
  for (int threads : {1, 2, 1, 2}) {
    auto t0 = clk::now();
    std::vector<std::thread> ts;
    for (int t = 0; t < threads; ++t) ts.emplace_back([&, t] { size_t part = bytes / threads; for (int r = 0; r < 4; ++r) std::memcpy(b.data() + t * part, a.data() + t * part, part); });
    for (auto& t : ts) t.join();
    double s = std::chrono::duration<double>(clk::now() - t0).count();
    std::printf("%d threads: copy %.1f GB/s (read+write)\n", threads, 2.0 * 4 * bytes / s / 1e9);
  }
}
