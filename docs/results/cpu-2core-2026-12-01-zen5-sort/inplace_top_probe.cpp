// Probe (issue 35; not a step): on Zen 5, does an in-place AVX-512 quicksort for the levels above
// the cache sorts beat the radix split? x86-simd-sort (np.sort) takes those levels in place, and
// on this core np.sort's whole sort (3.2-3.7 ns a key) costs less than our split and copy-out
// (1.9-2.3) and our rows of 8192 keys (2.2) together. Here, 2^LOG2 u32 uniform keys (seed 35):
//   split     radix_sorter::sort_array as cpu_seq runs it (the split into chunks, then each
//             bucket copied out and sorted in cache);
//   inplace   the input copied to the output, then partitioned there in place by AVX-512 (the
//             pivot the median of 16 samples, as vector_quicksort.hpp's; the partition reads a
//             vector from whichever end has less room written, packs each side by compress and
//             writes it to its end) until a range has at most LIMIT keys, which is then sorted by
//             the cache sort's vector quicksort between two buffers in cache and copied back;
//   np-like   the same with LIMIT 256: the leaves' networks straight from the partitions.
// Each checked against std::sort in round 0; ROUNDS rounds alternated. Prints ns a key.
// Build: g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
//        inplace_top_probe.cpp build/core/libparprim_core.a -static -o probe/inplace_top_probe
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"
#include "parprim/host/vector_quicksort.hpp"

using namespace parprim::host;
using namespace parprim::host::vector_sort_detail;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

#define AVX512 __attribute__((target("avx512f,popcnt")))
#define AVX512_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline

namespace {

// Writes the lanes `valid` of v: below p (or not above, Inclusive) at a[low], the others ending
// at a[high].
template <bool Inclusive>
AVX512_INLINE void pack(vec v, __mmask16 valid, vec p, u32* a, u64& low, u64& high) {
  const __mmask16 lows = (Inclusive ? _mm512_cmple_epu32_mask(v, p) : _mm512_cmplt_epu32_mask(v, p)) & valid;
  const __mmask16 highs = static_cast<__mmask16>(~lows & valid);
  const u32 nl = __builtin_popcount(lows), nh = __builtin_popcount(highs);
  _mm512_mask_storeu_epi32(a + low, first_lanes(nl), _mm512_maskz_compress_epi32(lows, v));
  high -= nh;
  _mm512_mask_storeu_epi32(a + high, first_lanes(nh), _mm512_maskz_compress_epi32(highs, v));
  low += nl;
}

// Partitions a[0..n) (n >= 2 * group * lanes) in place; returns how many keys went to the front.
// `group` vectors are read from one end at a time, so that the choice of end (a branch the data
// decides) is taken once a group: the group's vectors first held aside at either end leave room
// there for what each side is given.
constexpr unsigned group = 4;
template <bool Inclusive>
AVX512 u64 partition_in_place(u32* a, u64 n, u32 pivot) {
  const vec p = _mm512_set1_epi32(static_cast<int>(pivot));
  constexpr u64 span = group * lanes;
  vec first[group], last[group];
  for (unsigned g = 0; g < group; ++g) {
    first[g] = _mm512_loadu_si512(a + g * lanes);
    last[g] = _mm512_loadu_si512(a + n - span + g * lanes);
  }
  u64 read_low = span, read_high = n - span;  // the keys not yet read: [read_low, read_high)
  u64 low = 0, high = n;                      // where the next front / back keys go
  while (read_high - read_low >= span) {
    // Read where less room is written, so that each side has room for what it is given.
    const u32* from;
    if (read_low - low <= high - read_high) {
      from = a + read_low;
      read_low += span;
      __builtin_prefetch(from + 1024);
    } else {
      read_high -= span;
      from = a + read_high;
      __builtin_prefetch(from - 1024);
    }
    vec v[group];
#pragma GCC unroll 4
    for (unsigned g = 0; g < group; ++g) v[g] = _mm512_loadu_si512(from + g * lanes);
#pragma GCC unroll 4
    for (unsigned g = 0; g < group; ++g) pack<Inclusive>(v[g], 0xFFFF, p, a, low, high);
  }
  // The fewer than `span` keys left unread are all loaded before any is written: a side may
  // have less room than a vector now, but once nothing is unread the room is exactly theirs.
  vec rest[group];
  __mmask16 valid[group];
#pragma GCC unroll 4
  for (unsigned g = 0; g < group; ++g) {
    const u64 at = read_low + g * lanes;
    valid[g] = at < read_high ? first_lanes(static_cast<u32>(std::min<u64>(read_high - at, lanes))) : 0;
    rest[g] = _mm512_maskz_loadu_epi32(valid[g], a + std::min(at, read_high));
  }
#pragma GCC unroll 4
  for (unsigned g = 0; g < group; ++g) pack<Inclusive>(rest[g], valid[g], p, a, low, high);
#pragma GCC unroll 4
  for (unsigned g = 0; g < group; ++g) {
    pack<Inclusive>(first[g], 0xFFFF, p, a, low, high);
    pack<Inclusive>(last[g], 0xFFFF, p, a, low, high);
  }
  return low;
}

struct in_place_sort {
  u64 limit;
  u32* buffers[2];

  AVX512 void leaf(u32* a, u64 n) {
    if (n <= network_keys) {
      const vec none = _mm512_setzero_si512();
      sort_small(a, a, static_cast<u32>(n), none, none);
      return;
    }
    vector_quicksort(a, static_cast<u32>(n), 0, buffers,
                     [&](const u32* sorted) { std::memcpy(a, sorted, n * 4); });
  }

  AVX512 void sort(u32* a, u64 n, unsigned depth) {
    if (n <= limit) return leaf(a, n);
    if (depth > 64) return std::sort(a, a + n);
    const u32 pivot = choose_pivot(a, static_cast<u32>(std::min<u64>(n, 1u << 31)), _mm512_setzero_si512());
    u64 lows = partition_in_place<false>(a, n, pivot);
    if (lows == 0) {  // the pivot is the range's smallest: its copies first, then the rest
      lows = partition_in_place<true>(a, n, pivot);
      if (lows < n) sort(a + lows, n - lows, depth + 1);
      return;
    }
    sort(a, lows, depth + 1);
    sort(a + lows, n - lows, depth + 1);
  }
};

template <class F>
double ns_a_key(u64 n, F f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(n);
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned log2 = argc > 1 ? std::atoi(argv[1]) : 24;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 4;
  const u64 limit = argc > 3 ? std::atoll(argv[3]) : 8192;
  if (!has_avx512f()) return std::printf("no AVX-512\n"), 1;
  const u64 n = u64(1) << log2;
  aligned_array<u32> in(n), out(n), spare(n);
  std::mt19937 rng(35);
  for (u64 i = 0; i < n; ++i) in.data()[i] = rng();
  std::vector<u32> expected(in.data(), in.data() + n);
  std::sort(expected.begin(), expected.end());
  const radix_sort_policy policy;
  radix_sorter<u32> sorter(policy, false);
  sorter.reserve_array(n);
  aligned_array<u32> b0(65536), b1(65536);
  in_place_sort top{limit, {b0.data(), b1.data()}};
  in_place_sort np_like{network_keys, {b0.data(), b1.data()}};
  auto check = [&](const char* what) {
    if (!std::equal(expected.begin(), expected.end(), out.data())) {
      std::printf("%s: WRONG\n", what);
      std::exit(1);
    }
  };
  std::printf("2^%u keys, in-place levels down to %llu keys\n", log2, static_cast<unsigned long long>(limit));
  for (int r = 0; r < rounds; ++r) {
    const double split = ns_a_key(n, [&] {
      sorter.sort_array({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n,
                        radix_keys<u32>(false));
    });
    if (r == 0) check("split");
    const double inplace = ns_a_key(n, [&] {
      std::memcpy(out.data(), in.data(), n * 4);
      top.sort(out.data(), n, 0);
    });
    if (r == 0) check("inplace");
    const double np_like_time = ns_a_key(n, [&] {
      std::memcpy(out.data(), in.data(), n * 4);
      np_like.sort(out.data(), n, 0);
    });
    if (r == 0) check("np-like");
    std::printf("round %d: split %.2f inplace %.2f np-like %.2f ns a key\n", r, split, inplace, np_like_time);
  }
  return 0;
}
