// Experiment (issue 35, step 16 of docs/algorithms/cpu_sort.md): the radix sort's split without
// its count. u32 keys, ascending, keys only. The split takes the top 11 bits whatever the keys,
// gathers each bucket's keys in a cache-line buffer as write_combining_scatter.hpp does, and
// streams each full line into the bucket's current chunk of `chunk` keys, chunks taken from one
// pool in turn; then each bucket's chunks are copied into a staging array in cache and sorted
// there by cache_radix_sort into the place the buckets' counts give. Alternated in one process
// with the repository's radix_sorter on the same input; every sort checked against std::sort.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/aligned_array.hpp"
#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/host/streaming_store.hpp"

using namespace parprim::host;
using u32 = std::uint32_t;

class chunked_sorter {
 public:
  static constexpr unsigned bits = 11, buckets = 1u << bits;
  static constexpr std::size_t per_line = cache_line / sizeof(u32), chunk = 4096;

  explicit chunked_sorter(std::uint64_t n)
      : pool_(n + 2 * buckets * chunk), lines_(buckets * per_line), staging_(65536),
        cache_sort_(65536, false), lists_(buckets) {
    for (auto& l : lists_) l.reserve(n / chunk / buckets * 2 + 4);
  }

  bool sort(const u32* in, std::uint64_t n, u32* out) {
    std::fill_n(count_, buckets, 0);
    std::fill_n(fill_, buckets, 0);
    for (auto& l : lists_) l.clear();
    next_chunk_ = 0;
    u32* const lines = lines_.data();
    // The split: no count before it.
    for (std::uint64_t i = 0; i < n; ++i) {
      if ((i & 15) == 0) __builtin_prefetch(in + i + 512);
      const u32 k = in[i];
      const unsigned d = k >> (32 - bits);
      const std::uint64_t at = count_[d]++;
      const unsigned slot = static_cast<unsigned>(at % per_line);
      lines[d * per_line + slot] = k;
      if (slot == per_line - 1) stream_line(place(d), lines + d * per_line);
    }
    for (unsigned d = 0; d < buckets; ++d) {  // each bucket's last, partial line
      const unsigned left = static_cast<unsigned>(count_[d] % per_line);
      if (left) std::memcpy(place(d), lines + d * per_line, left * sizeof(u32));
    }
    finish_streaming();
    // Each bucket gathered from its chunks into the staging array, and sorted into its place.
    const radix_keys<u32> keys(false);
    std::uint64_t start = 0;
    for (unsigned d = 0; d < buckets; ++d) {
      const std::uint64_t m = count_[d];
      if (m == 0) continue;
      if (m > staging_.size()) return false;  // a skewed bucket: not this experiment's case
      std::uint64_t copied = 0;
      for (const u32 c : lists_[d]) {
        const std::uint64_t take = std::min<std::uint64_t>(chunk, m - copied);
        std::memcpy(staging_.data() + copied, pool_.data() + std::uint64_t(c) * chunk,
                    take * sizeof(u32));
        copied += take;
      }
      cache_sort_({staging_.data(), nullptr}, {out + start, nullptr}, static_cast<u32>(m),
                  32 - bits, keys, max_digit_bits);
      start += m;
    }
    return true;
  }

 private:
  // Where bucket d's next line goes: its current chunk, or a new one when that is full.
  u32* place(unsigned d) {
    if (fill_[d] % chunk == 0) {
      lists_[d].push_back(next_chunk_++);
      fill_[d] = 0;
    }
    u32* p = pool_.data() + std::uint64_t(lists_[d].back()) * chunk + fill_[d];
    fill_[d] += per_line;
    return p;
  }

  aligned_array<u32> pool_, lines_, staging_;
  cache_radix_sort<u32> cache_sort_;
  std::vector<std::vector<u32>> lists_;
  std::uint64_t count_[buckets];
  std::uint32_t fill_[buckets];
  u32 next_chunk_ = 0;
};

int main(int argc, char** argv) {
  const int log2_n = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 4;
  const std::uint64_t n = std::uint64_t(1) << log2_n;
  std::vector<u32> in(n);
  std::mt19937_64 rng(35);
  for (auto& x : in) x = static_cast<u32>(rng());
  std::vector<u32> ref(in);
  std::sort(ref.begin(), ref.end());
  aligned_array<u32> out(n), spare(n);
  radix_sorter<u32> repo(radix_sort_policy{}, false);
  chunked_sorter chunked(n);
  const elements<const u32> src{in.data(), nullptr};
  const elements<u32> o{out.data(), nullptr}, sp{spare.data(), nullptr};
  auto time_one = [&](bool use_chunked) {
    std::fill_n(out.data(), n, 0u);
    const auto t0 = std::chrono::steady_clock::now();
    bool ok = true;
    if (use_chunked)
      ok = chunked.sort(in.data(), n, out.data());
    else
      repo.sort(src, o, sp, n, 32, radix_keys<u32>(false));
    const auto t1 = std::chrono::steady_clock::now();
    if (!ok || !std::equal(ref.begin(), ref.end(), out.data())) {
      std::printf("WRONG (%s)\n", use_chunked ? "chunked" : "repo");
      std::exit(1);
    }
    return std::chrono::duration<double, std::milli>(t1 - t0).count();
  };
  time_one(false), time_one(true);  // warm both
  for (int r = 0; r < rounds; ++r) {
    const double a = time_one(false), b = time_one(true);
    std::printf("2^%d round %d: repo %.1f ms, chunked %.1f ms, chunked / repo %.3f\n", log2_n, r,
                a, b, b / a);
  }
}
