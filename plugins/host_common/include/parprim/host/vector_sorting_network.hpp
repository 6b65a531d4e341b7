// Sorting networks of up to 256 32-bit keys in AVX-512 registers: the leaves of the in-cache
// quicksort (vector_quicksort.hpp). One vector's 16 lanes are sorted by a bitonic network of
// permutes, minima and maxima. 2 to 16 vectors are sorted by their columns across vectors (a
// minimum and a maximum an exchange, no shuffles), then merged by bitonic merge rounds in the
// layout the columns leave, and transposed once to store their keys in order; a range just past
// a network's size (65-96 or 129-192 keys) is sorted by two smaller networks and one merge
// (docs/algorithms/cpu_sort.md: step 18, the first networks; step 32, exchanges without a
// register copy; step 44, the merges in the columns' layout; step 45, the two networks). Unsigned keys; the caller XORs its
// elements into them and back.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "parprim/host/avx512.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>

namespace parprim::host::vector_sort_detail {

// The steps are always inlined: a call between them would pass their registers through memory.
#define PARPRIM_VSN_TARGET __attribute__((target("avx512f,popcnt")))
#define PARPRIM_VSN_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline

using vec = __m512i;
constexpr unsigned lanes = 16;
/// Ranges this short are sorted by the network, in at most 16 registers.
constexpr std::uint32_t network_keys = 16 * lanes;

// The instructions by their zero-masked forms under a full mask (the same instructions): GCC
// 12's unmasked forms pass _mm512_undefined_epi32() through, which -Wmaybe-uninitialized flags
// (as in utf8/vector_encode512.hpp).
constexpr __mmask16 every_lane = 0xFFFF;
PARPRIM_VSN_INLINE vec min_u32(vec a, vec b) {
  return _mm512_maskz_min_epu32(every_lane, a, b);
}
PARPRIM_VSN_INLINE vec max_u32(vec a, vec b) {
  return _mm512_maskz_max_epu32(every_lane, a, b);
}
PARPRIM_VSN_INLINE vec permute(vec index, vec v) {
  return _mm512_maskz_permutexvar_epi32(every_lane, index, v);
}

/// Lanes whose index has bit `b` set: in a compare-exchange of lane l with lane l ^ x, where b
/// is x's highest bit, these are the higher lanes of their pairs, which take the maximum.
constexpr __mmask16 upper_lanes(unsigned b) {
  __mmask16 m = 0;
  for (unsigned l = 0; l < lanes; ++l)
    if (l & b) m = static_cast<__mmask16>(m | (1u << l));
  return m;
}

/// Lane l ^ X of v in lane l: within 128-bit lanes (X < 4) by vpshufd, cheaper than the
/// cross-lane vpermd the others take (step 32: 0.97x the rows' time).
template <unsigned X>
PARPRIM_VSN_INLINE vec partner_lanes(vec v) {
  if constexpr (X == 1) return _mm512_maskz_shuffle_epi32(every_lane, v, _MM_PERM_CDAB);
  if constexpr (X == 2) return _mm512_maskz_shuffle_epi32(every_lane, v, _MM_PERM_BADC);
  if constexpr (X == 3) return _mm512_maskz_shuffle_epi32(every_lane, v, _MM_PERM_ABCD);
  if constexpr (X >= 4)
    return permute(
        _mm512_xor_si512(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                         _mm512_set1_epi32(X)),
        v);
}

/// One compare-exchange step within a vector: lane l against lane l ^ X, the lower lane of
/// each pair keeping the smaller key.
template <unsigned X>
PARPRIM_VSN_INLINE vec exchange(vec v) {
  const vec partner = partner_lanes<X>(v);
  constexpr __mmask16 upper = upper_lanes(std::bit_floor(X));
  // Three instructions and one mask: the minimum of every pair, then the maximum merged into
  // its upper lanes. (A minimum merged into v's lower lanes first would overwrite v, which the
  // maximum still reads: GCC then copies v a step, step 32.)
  return _mm512_mask_max_epu32(min_u32(v, partner), upper, v, partner);
}

/// Sorts one vector: blocks of 2, 4, 8 and 16 lanes, each made bitonic by comparing lane l with
/// its mirror in the block (l ^ (k - 1)), then cleaned.
PARPRIM_VSN_INLINE vec sort_lanes(vec v) {
  v = exchange<1>(v);
  v = exchange<3>(v);
  v = exchange<1>(v);
  v = exchange<7>(v);
  v = exchange<2>(v);
  v = exchange<1>(v);
  v = exchange<15>(v);
  v = exchange<4>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
}

// GCC keeps v[] in registers only where these loops are unrolled whole; its own heuristics
// leave them as loops over the stack.
#define PARPRIM_VSN_UNROLL _Pragma("GCC unroll 64")

/// A compare-exchange of two columns' places (lower, upper): the lower keeps the minimum.
struct column_exchange {
  unsigned char lower, upper;
};

// Networks that sort 2, 4, 8 and 16 inputs in the fewest exchanges known: 1, 5, 19 (Batcher's
// odd-even merge sort; optimal for 8) and 60 (Green's, in ten layers; the bitonic network takes
// 80). The test checks each by the 0-1 principle over every input of zeros and ones.
constexpr std::array<column_exchange, 1> network_of_2{{{0, 1}}};
constexpr std::array<column_exchange, 5> network_of_4{{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}}};
constexpr std::array<column_exchange, 19> network_of_8{{{0, 2}, {1, 3}, {4, 6}, {5, 7},
                                                        {0, 4}, {1, 5}, {2, 6}, {3, 7},
                                                        {0, 1}, {2, 3}, {4, 5}, {6, 7},
                                                        {2, 4}, {3, 5},
                                                        {1, 4}, {3, 6},
                                                        {1, 2}, {3, 4}, {5, 6}}};
constexpr std::array<column_exchange, 60> network_of_16{{
    {0, 13}, {1, 12}, {2, 15}, {3, 14}, {4, 8},  {5, 6},   {7, 11},  {9, 10},
    {0, 5},  {1, 7},  {2, 9},  {3, 4},  {6, 13}, {8, 14},  {10, 15}, {11, 12},
    {0, 1},  {2, 3},  {4, 5},  {6, 8},  {7, 9},  {10, 11}, {12, 13}, {14, 15},
    {0, 2},  {1, 3},  {4, 10}, {5, 11}, {6, 7},  {8, 9},   {12, 14}, {13, 15},
    {1, 2},  {3, 12}, {4, 6},  {5, 7},  {8, 10}, {9, 11},  {13, 14},
    {1, 4},  {2, 6},  {5, 8},  {7, 10}, {9, 13}, {11, 14},
    {2, 4},  {3, 6},  {9, 12}, {11, 13},
    {3, 5},  {6, 8},  {7, 9},  {10, 12},
    {3, 4},  {5, 6},  {7, 8},  {9, 10}, {11, 12},
    {6, 7},  {8, 9}}};

template <unsigned N>
constexpr const auto& column_network() {
  if constexpr (N == 2) return network_of_2;
  if constexpr (N == 4) return network_of_4;
  if constexpr (N == 8) return network_of_8;
  if constexpr (N == 16) return network_of_16;
}

// The N vectors' keys in the columns' layout: a key's index in the block of 16 N has its vector
// in the low log2(N) bits and its lane above them. Sorting the columns sorts blocks of N; the
// merge rounds then double the sorted blocks up to all 16 N keys, in that layout, where the
// steps on the low bits pair whole vectors (a minimum and a maximum, no shuffle) and only those
// on the lanes' bits shuffle; one transpose at the end stores the keys in order
// (docs/algorithms/cpu_sort.md, step 44: about 0.78x the instructions of merges inside each
// vector for 16 vectors, 0.68x for 8).

/// Sorts each column of v[0..N) (lane l of every vector), v[0] the smallest.
template <unsigned N>
PARPRIM_VSN_INLINE void sort_columns(vec* v) {
  constexpr const auto& network = column_network<N>();
  PARPRIM_VSN_UNROLL
  for (unsigned c = 0; c < network.size(); ++c) {
    const vec a = v[network[c].lower], b = v[network[c].upper];
    v[network[c].lower] = min_u32(a, b);
    v[network[c].upper] = max_u32(a, b);
  }
}

/// The half-cleaners on the lane bits, lane l against l ^ X for X, X / 2, ... 1, in every vector.
template <unsigned N, unsigned X>
PARPRIM_VSN_INLINE void lane_half_cleaners(vec* v) {
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i) v[i] = exchange<X>(v[i]);
  if constexpr (X > 1) lane_half_cleaners<N, X / 2>(v);
}

/// One merge round in the columns' layout: sorted blocks of 2^(K-1) keys merged into blocks of
/// 2^K, whose index bits above the vectors' are the lane bits [0, K - log2 N). The mirror step
/// (a key against the one mirrored in its block: every vector bit flipped, vector i against
/// N-1-i, and the block's lane bits) leaves both halves bitonic, every key of the lower no larger
/// than any of the upper; the half-cleaners on bits K-2 down to 0 then sort each half: the lane
/// bits' within vectors, the vector bits' across them.
template <unsigned N, unsigned K>
PARPRIM_VSN_INLINE void merge_round(vec* v) {
  constexpr unsigned vector_bits = std::bit_width(N) - 1;
  constexpr unsigned lane_bits = K - vector_bits;  // 1 to 4
  constexpr unsigned mirrored = (1u << lane_bits) - 1;
  constexpr __mmask16 upper = upper_lanes(1u << (lane_bits - 1));
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N / 2; ++i) {
    const unsigned j = N - 1 - i;
    // Lane l of v[i] meets lane l ^ mirrored of v[j]: one shuffle brings v[j] to v[i]'s lanes,
    // and the keys that go back to v[j] are shuffled back.
    const vec partner = partner_lanes<mirrored>(v[j]);
    const vec low = min_u32(v[i], partner), high = max_u32(v[i], partner);
    v[i] = _mm512_mask_mov_epi32(low, upper, high);
    v[j] = partner_lanes<mirrored>(_mm512_mask_mov_epi32(high, upper, low));
  }
  if constexpr (lane_bits >= 2) lane_half_cleaners<N, 1u << (lane_bits - 2)>(v);
  PARPRIM_VSN_UNROLL
  for (unsigned d = N / 2; d >= 1; d /= 2) {
    PARPRIM_VSN_UNROLL
    for (unsigned i = 0; i < N; ++i)
      if ((i & d) == 0) {
        const vec a = v[i], b = v[i + d];
        v[i] = min_u32(a, b);
        v[i + d] = max_u32(a, b);
      }
  }
  if constexpr (lane_bits < 4) merge_round<N, K + 1>(v);
}

/// Where each bit of a key's index (0 to log2 N + 3) sits during the transpose from the columns'
/// layout to the rows': before its step s, vector bit t holds index bit 4 + t for t < s and bit
/// t for t >= s, and the lane bits hold the other index bits in ascending order. Before step 0
/// that is the columns' layout; after the last (s = log2 N), vector bit t holds bit 4 + t and
/// lane bit u bit u: vector i holds keys 16 i to 16 i + 15 in lane order.
struct index_places {
  unsigned vector_bit[4];
  unsigned lane_bit[4];
};
constexpr index_places places_before(unsigned vector_bits, unsigned step) {
  index_places p{};
  bool in_vector[8] = {};
  for (unsigned t = 0; t < vector_bits; ++t) {
    p.vector_bit[t] = t < step ? 4 + t : t;
    in_vector[p.vector_bit[t]] = true;
  }
  unsigned u = 0;
  for (unsigned bit = 0; bit < vector_bits + 4; ++bit)
    if (!in_vector[bit]) p.lane_bit[u++] = bit;
  return p;
}

/// vpermt2d's indices for step s of the transpose, for the vector of a pair whose bit s is
/// `high`: lane i takes the key that step s + 1's places put there from the pair's vector
/// (index bit 4 set: the one with bit s) and lane that step s's places held it in. Only vector
/// bit s changes its index bit in a step, so the other vector bits are taken as 0.
constexpr std::array<int, 16> transpose_indices(unsigned vector_bits, unsigned step, bool high) {
  const index_places before = places_before(vector_bits, step),
                     after = places_before(vector_bits, step + 1);
  std::array<int, 16> indices{};
  for (unsigned lane = 0; lane < 16; ++lane) {
    unsigned key = high ? 1u << after.vector_bit[step] : 0u;
    for (unsigned u = 0; u < 4; ++u)
      if (lane & (1u << u)) key |= 1u << after.lane_bit[u];
    unsigned from_lane = 0;
    for (unsigned u = 0; u < 4; ++u)
      if (key & (1u << before.lane_bit[u])) from_lane |= 1u << u;
    const bool from_high = (key >> before.vector_bit[step]) & 1u;
    indices[lane] = static_cast<int>(from_lane | (from_high ? 16u : 0u));
  }
  return indices;
}

template <unsigned N, unsigned Step>
PARPRIM_VSN_INLINE void transpose_to_rows(vec* v) {
  constexpr unsigned vector_bits = std::bit_width(N) - 1;
  alignas(64) static constexpr std::array<int, 16> low = transpose_indices(vector_bits, Step, false),
                                                   high = transpose_indices(vector_bits, Step, true);
  const vec low_index = _mm512_load_si512(low.data()), high_index = _mm512_load_si512(high.data());
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i)
    if ((i & (1u << Step)) == 0) {
      const vec a = v[i], b = v[i + (1u << Step)];
      v[i] = _mm512_maskz_permutex2var_epi32(every_lane, a, low_index, b);
      v[i + (1u << Step)] = _mm512_maskz_permutex2var_epi32(every_lane, a, high_index, b);
    }
  if constexpr (Step + 1 < vector_bits) transpose_to_rows<N, Step + 1>(v);
}

/// Sorts the 16 * N keys of v[0..N) (N a power of two up to 16), v[0] lane 0 the smallest: one
/// vector by its lanes' network, more by their columns, merge rounds in the columns' layout and
/// a transpose to the rows.
template <unsigned N>
PARPRIM_VSN_INLINE void sort_vectors(vec* v) {
  if constexpr (N == 1) {
    v[0] = sort_lanes(v[0]);
  } else {
    constexpr unsigned vector_bits = std::bit_width(N) - 1;
    sort_columns<N>(v);
    merge_round<N, vector_bits + 1>(v);
    transpose_to_rows<N, 0>(v);
  }
}

/// The lanes [0, k) of a vector, k <= 16.
PARPRIM_VSN_INLINE __mmask16 first_lanes(std::uint32_t k) {
  return static_cast<__mmask16>((1u << k) - 1u);
}

/// Sorts a bitonic vector: the half-cleaners 8, 4, 2, 1 within it.
PARPRIM_VSN_INLINE vec merge_lanes(vec v) {
  v = exchange<8>(v);
  v = exchange<4>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
}

/// The lanes of v in reverse order.
PARPRIM_VSN_INLINE vec reverse_lanes(vec v) {
  return permute(_mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), v);
}

/// Merges two sorted runs in the rows' layout: v[0..H) and v[H..H+R) (R <= H, both powers of
/// two), as if v[H+R..2H) held the largest key: the last merge round of 2H vectors with every
/// exchange whose upper vector is such padding left out (it would leave both as they are). The
/// mirror step is done in place (each of a pair against the other reversed), so that the
/// padding stays where it is; then the half-cleaners across vectors, then within them.
template <unsigned H, unsigned R>
PARPRIM_VSN_INLINE void merge_runs(vec* v) {
  PARPRIM_VSN_UNROLL
  for (unsigned i = H - R; i < H; ++i) {
    const unsigned j = 2 * H - 1 - i;
    const vec a = v[i], b = v[j];
    v[i] = min_u32(a, reverse_lanes(b));
    v[j] = max_u32(b, reverse_lanes(a));
  }
  PARPRIM_VSN_UNROLL
  for (unsigned d = H / 2; d >= 1; d /= 2) {
    PARPRIM_VSN_UNROLL
    for (unsigned i = 0; i < H + R; ++i)
      if ((i & d) == 0 && i + d < H + R) {
        const vec a = v[i], b = v[i + d];
        v[i] = min_u32(a, b);
        v[i + d] = max_u32(a, b);
      }
  }
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < H + R; ++i) v[i] = merge_lanes(v[i]);
}

/// Loads n <= 16 * N keys from `in` into v[0..N), each XORed with in_flip; the lanes past n
/// hold the largest key.
template <unsigned N>
PARPRIM_VSN_INLINE void load_padded(const std::uint32_t* in, std::uint32_t n, vec in_flip,
                                    vec* v) {
  const vec largest = _mm512_set1_epi32(-1);
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    const __mmask16 m = first_lanes(k);
    v[i] = _mm512_mask_mov_epi32(
        largest, m, _mm512_xor_si512(_mm512_maskz_loadu_epi32(m, in + first), in_flip));
  }
}

/// Stores the first n keys of v[0..N) to `out`, each XORed with out_flip.
template <unsigned N>
PARPRIM_VSN_INLINE void store_first(const vec* v, std::uint32_t n, vec out_flip,
                                    std::uint32_t* out) {
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    _mm512_mask_storeu_epi32(out + first, first_lanes(k), _mm512_xor_si512(v[i], out_flip));
  }
}

/// Sorts n <= 16 * N keys from `in` (each XORed with in_flip) into `out` (XORed with out_flip),
/// in registers: the lanes past n hold the largest key and are not stored.
template <unsigned N>
PARPRIM_VSN_INLINE void network_sort(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n,
                                     vec in_flip, vec out_flip) {
  vec v[N];
  load_padded<N>(in, n, in_flip, v);
  sort_vectors<N>(v);
  store_first<N>(v, n, out_flip, out);
}

/// Sorts 16 H < n <= 16 (H + R) keys as network_sort does, in fewer instructions than the
/// network of 2H vectors, which would pad them: the first 16 H keys by H vectors' network, the
/// rest by R vectors', then the two runs merged (docs/algorithms/cpu_sort.md, step 45).
template <unsigned H, unsigned R>
PARPRIM_VSN_INLINE void two_network_sort(const std::uint32_t* in, std::uint32_t* out,
                                         std::uint32_t n, vec in_flip, vec out_flip) {
  vec v[H + R];
  load_padded<H + R>(in, n, in_flip, v);
  sort_vectors<H>(v);
  sort_vectors<R>(v + H);
  merge_runs<H, R>(v);
  store_first<H + R>(v, n, out_flip, out);
}

PARPRIM_VSN_TARGET inline void sort_small(const std::uint32_t* in, std::uint32_t* out,
                                          std::uint32_t n, vec in_flip, vec out_flip) {
  if (n <= 1 * lanes) return network_sort<1>(in, out, n, in_flip, out_flip);
  if (n <= 2 * lanes) return network_sort<2>(in, out, n, in_flip, out_flip);
  if (n <= 4 * lanes) return network_sort<4>(in, out, n, in_flip, out_flip);
  if (n <= 5 * lanes) return two_network_sort<4, 1>(in, out, n, in_flip, out_flip);
  if (n <= 6 * lanes) return two_network_sort<4, 2>(in, out, n, in_flip, out_flip);
  if (n <= 8 * lanes) return network_sort<8>(in, out, n, in_flip, out_flip);
  if (n <= 9 * lanes) return two_network_sort<8, 1>(in, out, n, in_flip, out_flip);
  if (n <= 10 * lanes) return two_network_sort<8, 2>(in, out, n, in_flip, out_flip);
  if (n <= 12 * lanes) return two_network_sort<8, 4>(in, out, n, in_flip, out_flip);
  return network_sort<16>(in, out, n, in_flip, out_flip);
}

#undef PARPRIM_VSN_TARGET
#undef PARPRIM_VSN_INLINE
#undef PARPRIM_VSN_UNROLL

}  // namespace parprim::host::vector_sort_detail

#endif
