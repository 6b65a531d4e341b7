// Sorting networks of up to 256 32-bit keys in AVX-512 registers: the leaves of the in-cache
// quicksort (vector_quicksort.hpp). A vector's 16 lanes are sorted by a bitonic network of
// permutes, minima and maxima; 16 vectors at once by sorting their columns across vectors (a
// minimum and a maximum an exchange, no shuffles) and transposing them; sorted vectors are then
// merged pairwise by bitonic merges across and within vectors (docs/algorithms/cpu_sort.md,
// step 18: 256 keys in about 0.9 ns a key on the model 167 VM; step 32: about 0.44 on Zen 5, 0.8x
// the time before its exchanges lost their register copies). Unsigned keys; the caller XORs its
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

/// Sorts a bitonic vector (the second half of every bitonic merge): half-cleaners 8, 4, 2, 1.
PARPRIM_VSN_INLINE vec merge_lanes(vec v) {
  v = exchange<8>(v);
  v = exchange<4>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
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

PARPRIM_VSN_INLINE vec reverse_lanes(vec v) {
  return permute(_mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), v);
}

// GCC keeps v[] in registers only where these loops are unrolled whole; its own heuristics
// leave them as loops over the stack.
#define PARPRIM_VSN_UNROLL _Pragma("GCC unroll 16")

/// The compare-exchanges of a bitonic sort of 16 inputs (80), as pairs (lower, upper).
struct column_exchange {
  unsigned char lower, upper;
};
constexpr unsigned column_exchanges = 80;
constexpr auto bitonic_16 = [] {
  std::array<column_exchange, column_exchanges> list{};
  unsigned count = 0;
  for (unsigned k = 2; k <= 16; k *= 2) {
    for (unsigned j = 0; j < 16; ++j)  // each block of k made bitonic against its mirror
      if ((j ^ (k - 1)) > j)
        list[count++] = {static_cast<unsigned char>(j), static_cast<unsigned char>(j ^ (k - 1))};
    for (unsigned d = k / 4; d >= 1; d /= 2)
      for (unsigned j = 0; j < 16; ++j)
        if ((j & d) == 0)
          list[count++] = {static_cast<unsigned char>(j), static_cast<unsigned char>(j + d)};
  }
  return list;
}();

/// Sorts each of the 16 columns of v[0..16) (lane l of every vector), v[0] the smallest: the
/// bitonic network across vectors, a minimum and a maximum an exchange, no shuffles.
PARPRIM_VSN_INLINE void sort_columns(vec* v) {
  _Pragma("GCC unroll 80") for (unsigned c = 0; c < column_exchanges; ++c) {
    const vec a = v[bitonic_16[c].lower], b = v[bitonic_16[c].upper];
    v[bitonic_16[c].lower] = min_u32(a, b);
    v[bitonic_16[c].upper] = max_u32(a, b);
  }
}

/// Transposes the 16 x 16 keys of v, so that each column (sorted, from sort_columns) becomes a
/// vector, its keys in lane order; which vector holds which column does not matter to a sort.
/// Four steps of 16 shuffles: 32-bit and 64-bit interleaves of pairs, then two exchanges of
/// 128-bit blocks.
PARPRIM_VSN_INLINE void transpose_16(vec* v) {
  vec a[16], b[16];
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < 8; ++i) {
    a[2 * i] = _mm512_maskz_unpacklo_epi32(every_lane, v[2 * i], v[2 * i + 1]);
    a[2 * i + 1] = _mm512_maskz_unpackhi_epi32(every_lane, v[2 * i], v[2 * i + 1]);
  }
  // b[4i + c], 128-bit block L: column 4L + c of rows 4i..4i+3.
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < 4; ++i) {
    b[4 * i] = _mm512_maskz_unpacklo_epi64(0xFF, a[4 * i], a[4 * i + 2]);
    b[4 * i + 1] = _mm512_maskz_unpackhi_epi64(0xFF, a[4 * i], a[4 * i + 2]);
    b[4 * i + 2] = _mm512_maskz_unpacklo_epi64(0xFF, a[4 * i + 1], a[4 * i + 3]);
    b[4 * i + 3] = _mm512_maskz_unpackhi_epi64(0xFF, a[4 * i + 1], a[4 * i + 3]);
  }
  // Column 4L + c: block L of b[c], b[4 + c], b[8 + c], b[12 + c], in that order.
  PARPRIM_VSN_UNROLL
  for (unsigned c = 0; c < 4; ++c) {
    const vec e0 = _mm512_maskz_shuffle_i32x4(every_lane, b[c], b[4 + c], _MM_SHUFFLE(1, 0, 1, 0));
    const vec e1 = _mm512_maskz_shuffle_i32x4(every_lane, b[c], b[4 + c], _MM_SHUFFLE(3, 2, 3, 2));
    const vec e2 =
        _mm512_maskz_shuffle_i32x4(every_lane, b[8 + c], b[12 + c], _MM_SHUFFLE(1, 0, 1, 0));
    const vec e3 =
        _mm512_maskz_shuffle_i32x4(every_lane, b[8 + c], b[12 + c], _MM_SHUFFLE(3, 2, 3, 2));
    v[4 * c] = _mm512_maskz_shuffle_i32x4(every_lane, e0, e2, _MM_SHUFFLE(2, 0, 2, 0));
    v[4 * c + 1] = _mm512_maskz_shuffle_i32x4(every_lane, e0, e2, _MM_SHUFFLE(3, 1, 3, 1));
    v[4 * c + 2] = _mm512_maskz_shuffle_i32x4(every_lane, e1, e3, _MM_SHUFFLE(2, 0, 2, 0));
    v[4 * c + 3] = _mm512_maskz_shuffle_i32x4(every_lane, e1, e3, _MM_SHUFFLE(3, 1, 3, 1));
  }
}

/// Merges the sorted blocks of S vectors of v[0..N) pairwise into sorted blocks of 2S: the first
/// block against the second reversed (the two then bitonic, every key of the first no larger
/// than any of the second), then each half cleaned across vectors and within them. S and N are
/// template arguments so that every loop below counts to a constant, which GCC unrolls whole
/// (and honours the unroll annotation at -O1 too, where a bound from an enclosing loop's
/// variable would be ignored with a warning).
template <unsigned N, unsigned S>
PARPRIM_VSN_INLINE void merge_blocks(vec* v) {
  constexpr unsigned steps = std::bit_width(S) - 1;  // half-cleaners across vectors
  PARPRIM_VSN_UNROLL
  for (unsigned block = 0; block < N / (2 * S); ++block) {
    vec* const w = v + block * 2 * S;
    vec high[S];
    PARPRIM_VSN_UNROLL
    for (unsigned i = 0; i < S; ++i) {
      const vec a = w[i], mirrored = reverse_lanes(w[2 * S - 1 - i]);
      high[i] = max_u32(a, mirrored);
      w[i] = min_u32(a, mirrored);
    }
    PARPRIM_VSN_UNROLL
    for (unsigned i = 0; i < S; ++i) w[S + i] = high[i];
    PARPRIM_VSN_UNROLL
    for (unsigned step = 1; step <= steps; ++step) {
      const unsigned d = S >> step;  // vectors between the two of a pair
      PARPRIM_VSN_UNROLL
      for (unsigned k = 0; k < S; ++k) {
        const unsigned j = (k / d) * 2 * d + k % d;
        const vec a = w[j], c = w[j + d];
        w[j] = min_u32(a, c);
        w[j + d] = max_u32(a, c);
      }
    }
    PARPRIM_VSN_UNROLL
    for (unsigned j = 0; j < 2 * S; ++j) w[j] = merge_lanes(w[j]);
  }
  if constexpr (2 * S < N) merge_blocks<N, 2 * S>(v);
}

/// Sorts the 16 * N keys of v[0..N) (N a power of two), v[0] lane 0 the smallest: each vector
/// sorted, then sorted blocks of 1, 2, 4, ... vectors merged pairwise (merge_blocks).
template <unsigned N>
PARPRIM_VSN_INLINE void sort_vectors(vec* v) {
  if constexpr (N == 16) {
    // 16 vectors sorted each at a sixth of the cost of sort_lanes on each.
    sort_columns(v);
    transpose_16(v);
  } else {
    PARPRIM_VSN_UNROLL
    for (unsigned i = 0; i < N; ++i) v[i] = sort_lanes(v[i]);
  }
  if constexpr (N > 1) merge_blocks<N, 1>(v);
}

/// The lanes [0, k) of a vector, k <= 16.
PARPRIM_VSN_INLINE __mmask16 first_lanes(std::uint32_t k) {
  return static_cast<__mmask16>((1u << k) - 1u);
}

/// Sorts n <= 16 * N keys from `in` (each XORed with in_flip) into `out` (XORed with out_flip),
/// in registers: the lanes past n hold the largest key and are not stored.
template <unsigned N>
PARPRIM_VSN_INLINE void network_sort(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n,
                                     vec in_flip, vec out_flip) {
  vec v[N];
  const vec largest = _mm512_set1_epi32(-1);
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    const __mmask16 m = first_lanes(k);
    v[i] = _mm512_mask_mov_epi32(
        largest, m, _mm512_xor_si512(_mm512_maskz_loadu_epi32(m, in + first), in_flip));
  }
  sort_vectors<N>(v);
  PARPRIM_VSN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    _mm512_mask_storeu_epi32(out + first, first_lanes(k), _mm512_xor_si512(v[i], out_flip));
  }
}

PARPRIM_VSN_TARGET inline void sort_small(const std::uint32_t* in, std::uint32_t* out,
                                          std::uint32_t n, vec in_flip, vec out_flip) {
  if (n <= 1 * lanes) return network_sort<1>(in, out, n, in_flip, out_flip);
  if (n <= 2 * lanes) return network_sort<2>(in, out, n, in_flip, out_flip);
  if (n <= 4 * lanes) return network_sort<4>(in, out, n, in_flip, out_flip);
  if (n <= 8 * lanes) return network_sort<8>(in, out, n, in_flip, out_flip);
  return network_sort<16>(in, out, n, in_flip, out_flip);
}

#undef PARPRIM_VSN_TARGET
#undef PARPRIM_VSN_INLINE
#undef PARPRIM_VSN_UNROLL

}  // namespace parprim::host::vector_sort_detail

#endif
