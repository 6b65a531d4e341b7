// Zen 3 probe (issue 35): how fast an AVX2 quicksort of a cache sort's bucket (8192 u32 keys of
// 21 varying bits, as a 2^24 split leaves them) could be here, against the scalar cache sort
// the sort runs on this CPU (radix_sorter::sort of a range within its capacity). The AVX2
// partition: 8 keys compared with the pivot a step, the comparison's movemask indexing a table
// of 256 permutations that put the lows first and the highs last, the permuted vector stored
// whole at both cursors while 16 or more keys are unread (out of place between two buffers, so
// the gap between the cursors is the partition's own); partition<4> loads and classifies
// four vectors before storing any. Pivots: the median of 9 keys. Leaves of at most LEAF keys: with
// LEAF 64, a bitonic network in 8 registers (avx2_network_part.hpp: every step of the network
// of 64, min and max and a blend by a lane mask; no column sort and transpose yet); otherwise
// insertion sorts. Also one partition level of the whole range alone, both forms. Each sort
// checked against std::sort, the partitions by their count of lows.
// Built with -DCOLUMN_NETWORK (and LEAF up to 128), the leaves are sorted instead by
// avx2_column_network.hpp (the AVX-512 network's column sort, transpose and merges in 8
// lanes), and the network is also timed alone on the range cut into leaves of LEAF keys.
// Build: g++ -std=c++20 -O3 -DNDEBUG -DLEAF=64 -Icore/include -Iplugins/host_common/include
//   -Idocs/results/cpu-2core-2026-12-03-zen3
//   docs/results/cpu-2core-2026-12-03-zen3/avx2_partition_probe.cpp build/core/libparprim_core.a
//   -o probe/avx2_partition_probe
// Run: probe/avx2_partition_probe KEYS ROUNDS
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "parprim/host/hybrid_radix_sort.hpp"

using namespace parprim::host;

namespace {

constexpr unsigned leaf = LEAF;

struct permutations {
  alignas(32) std::uint32_t index[256][8];
  permutations() {
    for (unsigned m = 0; m < 256; ++m) {
      unsigned lo = 0, hi = 7;
      for (unsigned l = 0; l < 8; ++l) {
        if (m & (1u << l))
          index[m][lo++] = l;  // lanes below the pivot, in order, from the front
        else
          index[m][hi--] = l;  // the others from the back
      }
    }
  }
};
const permutations table;

#define PROBE_AVX2 __attribute__((target("avx2,popcnt"), always_inline)) inline

// The lanes of v below the pivot p (both XORed with the sign bit: unsigned order by a signed
// compare), as a bit mask.
PROBE_AVX2 unsigned low_lanes(__m256i v, __m256i p, __m256i bias) {
  return static_cast<unsigned>(
      _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(p, _mm256_xor_si256(v, bias)))));
}

// v's lows to the front cursor and its highs to the back one, the vector permuted by the table
// and stored whole at both: the lows' store first, the highs' after, each landing past what its
// side owns in the gap between the cursors, which holds at least 16 keys not yet read.
PROBE_AVX2 void store_sides(__m256i v, unsigned low, std::uint32_t* out, std::uint32_t& front,
                            std::uint32_t& back) {
  const __m256i packed = _mm256_permutevar8x32_epi32(
      v, _mm256_load_si256(reinterpret_cast<const __m256i*>(table.index[low])));
  const auto lows = static_cast<unsigned>(__builtin_popcount(low));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + front), packed);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + back - 8), packed);
  front += lows;
  back -= 8 - lows;
}

// Partitions in[0..n) into out by the pivot, Group vectors loaded and classified before any is
// stored (Group 4 as the AVX-512 partition does: a store may alias a later load, which then
// waits for it). Returns the count of lows.
template <unsigned Group>
__attribute__((target("avx2,popcnt"))) std::uint32_t partition(const std::uint32_t* in,
                                                               std::uint32_t* out, std::uint32_t n,
                                                               std::uint32_t pivot) {
  const __m256i bias = _mm256_set1_epi32(INT32_MIN);
  const __m256i p = _mm256_xor_si256(_mm256_set1_epi32(static_cast<int>(pivot)), bias);
  std::uint32_t front = 0, back = n, i = 0;
  for (; i + 8 * Group + 8 <= n; i += 8 * Group) {
    __m256i v[Group];
    unsigned low[Group];
#pragma GCC unroll 4
    for (unsigned g = 0; g < Group; ++g) {
      v[g] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i + 8 * g));
      low[g] = low_lanes(v[g], p, bias);
    }
#pragma GCC unroll 4
    for (unsigned g = 0; g < Group; ++g) store_sides(v[g], low[g], out, front, back);
  }
  for (; i + 16 <= n; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    store_sides(v, low_lanes(v, p, bias), out, front, back);
  }
#if defined(COLUMN_NETWORK)
  // The last keys without a branch a key (its outcome is a coin's toss): each written at both
  // cursors, the one on its side kept. A cursor passes a place only once its own key is there.
  for (; i < n; ++i) {
    const std::uint32_t k = in[i];
    const bool low = k < pivot;
    out[front] = k;
    out[back - 1] = k;
    front += low;
    back -= !low;
  }
#else
  for (; i < n; ++i) {
    if (in[i] < pivot)
      out[front++] = in[i];
    else
      out[--back] = in[i];
  }
#endif
  return front;
}

#if defined(COLUMN_NETWORK)
#include "avx2_column_network.hpp"
#else
#include "avx2_network_part.hpp"
#endif

void insertion(std::uint32_t* a, std::uint32_t n) {
  for (std::uint32_t i = 1; i < n; ++i) {
    const std::uint32_t k = a[i];
    std::uint32_t j = i;
    for (; j > 0 && a[j - 1] > k; --j) a[j] = a[j - 1];
    a[j] = k;
  }
}

std::uint32_t median_of(const std::uint32_t* in, std::uint32_t n) {
  std::array<std::uint32_t, 9> s;
  for (unsigned k = 0; k < 9; ++k) s[k] = in[(n / 9) * k];
  std::nth_element(s.begin(), s.begin() + 4, s.end());
  return s[4];
}

// in holds the range; the result goes to buffers[0] at offset.
void quicksort(const std::uint32_t* in, std::uint32_t* const buffers[2], std::uint32_t offset,
               std::uint32_t n, unsigned depth) {
  std::uint32_t* out = buffers[0] + offset;
  if (n <= leaf) {
#if defined(COLUMN_NETWORK)
    if (leaf <= 128) return column_network::sort_small(in, out, n);
#else
    if (leaf == 64) return network64(in, out, n);  // else insertion-sorted
#endif
    std::copy(in, in + n, out);
    insertion(out, n);
    return;
  }
  std::uint32_t* to = buffers[(depth + 1) % 2] + offset;
  const std::uint32_t pivot = median_of(in, n);
  std::uint32_t lows = partition<4>(in, to, n, pivot);
  if (lows == 0) {  // the pivot the smallest key: its copies first (a probe: by std::sort)
    std::copy(in, in + n, out);
    std::sort(out, out + n);
    return;
  }
  quicksort(to, buffers, offset, lows, depth + 1);
  quicksort(to + lows, buffers, offset + lows, n - lows, depth + 1);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t n = argc > 1 ? std::atoi(argv[1]) : 8192;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 200;
  std::mt19937 rng(39);
  std::vector<std::uint32_t> in(n), expected;
  for (auto& k : in) k = (rng() & 0x1FFFFF) | 0x5A600000u;  // 21 varying bits below a top digit
  expected = in;
  std::sort(expected.begin(), expected.end());
  aligned_array<std::uint32_t> a(n), b(n), out(n), spare(n);
  std::uint32_t* const buffers[2] = {a.data(), b.data()};
  radix_sorter<std::uint32_t> scalar(radix_sort_policy{}, false);
  const radix_keys<std::uint32_t> keys(false);
  // The median time of `rounds` calls of fn, each checked by `correct` (named in a failure).
  auto ns = [&](const char* name, auto&& fn, auto&& correct) {
    std::vector<double> t;
    for (int r = 0; r < rounds; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      fn();
      t.push_back(
          std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
          n);
      if (!correct()) {
        std::printf("WRONG (%s)\n", name);
        std::exit(1);
      }
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  auto sorted_in = [&](const std::uint32_t* result) {
    return [&expected, result] { return std::equal(expected.begin(), expected.end(), result); };
  };
  for (int pass = 0; pass < 3; ++pass) {
    const double radix = ns(
        "scalar",
        [&] {
          scalar.sort({in.data(), nullptr}, {out.data(), nullptr}, {spare.data(), nullptr}, n, 21,
                      keys);
        },
        sorted_in(out.data()));
    const double vector = ns(
        "vector", [&] { quicksort(in.data(), buffers, 0, n, 0); }, sorted_in(a.data()));
    // One partition of the whole range by its median, in cache: a level's cost, checked by its
    // count of lows.
    const std::uint32_t pivot = expected[n / 2];
    const auto below = static_cast<std::uint32_t>(
        std::lower_bound(expected.begin(), expected.end(), pivot) - expected.begin());
    std::uint32_t lows = 0;
    auto all_lows = [&] { return lows == below; };
    const double level = ns(
        "partition", [&] { lows = partition<1>(in.data(), b.data(), n, pivot); }, all_lows);
    const double level4 = ns(
        "partition<4>", [&] { lows = partition<4>(in.data(), b.data(), n, pivot); }, all_lows);
#if defined(COLUMN_NETWORK)
    // The network alone: the range cut into leaves of `leaf` keys (the last shorter), each
    // sorted from in to b, checked by each leaf sorted.
    auto leaves_sorted = [&] {
      for (std::uint32_t at = 0; at < n; at += leaf) {
        const std::uint32_t k = std::min(leaf, n - at);
        std::vector<std::uint32_t> want(in.begin() + at, in.begin() + at + k);
        std::sort(want.begin(), want.end());
        if (!std::equal(want.begin(), want.end(), b.data() + at)) return false;
      }
      return true;
    };
    const double network = ns(
        "network",
        [&] {
          for (std::uint32_t at = 0; at < n; at += leaf)
            column_network::sort_small(in.data() + at, b.data() + at, std::min(leaf, n - at));
        },
        leaves_sorted);
    std::printf("column network alone, leaves of %u keys: %.3f ns a key\n", leaf, network);
#endif
    std::printf(
        "%u keys in cache, medians of %d: scalar cache sort %.3f ns a key; AVX2 "
        "quicksort (grouped partitions) with leaves of %u %.3f (%.3fx); one AVX2 "
        "partition level %.3f, four vectors a group %.3f\n",
        n, rounds, radix, leaf, vector, vector / radix, level, level4);
  }
}
