#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <random>
#include <vector>
#include <map>
std::map<int,long> hist; long parts = 0, partkeys = 0;
void qs(uint32_t* a, uint32_t n) {
  if (n <= 256) { int b = n <= 16 ? 1 : n <= 32 ? 2 : n <= 64 ? 4 : n <= 128 ? 8 : 16; hist[b]++; return; }
  uint32_t s[16]; uint32_t step = n / 16; for (int i = 0; i < 16; ++i) s[i] = a[i * step];
  std::sort(s, s + 16); uint32_t p = s[8];
  uint32_t* m = std::partition(a, a + n, [&](uint32_t x) { return x < p; });
  parts++; partkeys += n;
  qs(a, m - a); qs(m, a + n - m);
}
int main() {
  std::mt19937 rng(35); const int row = 8192, rows = 2048; std::vector<uint32_t> v(row);
  for (int r = 0; r < rows; ++r) { for (auto& x : v) x = rng(); qs(v.data(), row); }
  std::printf("per row: partitions %.1f, keys partitioned %.0f (%.2f levels)\n", double(parts)/rows, double(partkeys)/rows, double(partkeys)/rows/row);
  for (auto [b, c] : hist) std::printf("network<%d>: %.1f a row\n", b, double(c)/rows);
}
