// An AVX-512 quicksort of 32-bit keys in cache: the cache sort's vector form for the sorts whose
// order among equal keys cannot be seen (docs/algorithms/cpu_sort.md, step 18).
//
// The radix passes cost about 1 ns a key a pass on the cores measured, however they are
// arranged (steps 10-15), and a bucket of 32768 keys takes three of them. Here a key costs a
// fraction of that a level: each partition compares 16 keys at once with the pivot, packs each
// side into a register (vpcompressd; the memory form is microcoded on Zen 4) and writes it with
// a masked store, out of place between two buffers in cache; ranges of at most 256 keys are
// then sorted in registers by a bitonic network. Not stable, so only for keys-only sorts whose
// radix key is a bijection of the element (the 32-bit integers): equal keys are equal elements.
//
// The sort works on unsigned keys: each element is XORed with `flip` on its way in (a signed
// key's sign bit, every bit for a descending sort) and again on its way out.
//
// Selected at run time (vector_quicksort_supported), so the plugins still run without AVX-512.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "parprim/host/avx512.hpp"
#include "parprim/host/prefetch_ahead.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>
#endif

namespace parprim::host {

#if PARPRIM_HAVE_AVX512

inline bool vector_quicksort_supported() {
  return has_avx512f();
}

// The steps are always inlined: a call between them would pass their registers through memory.
#define PARPRIM_VQS_TARGET __attribute__((target("avx512f,popcnt")))
#define PARPRIM_VQS_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline

namespace vector_sort_detail {

using vec = __m512i;
constexpr unsigned lanes = 16;
/// Ranges this short are sorted by the network, in at most 16 registers.
constexpr std::uint32_t network_keys = 16 * lanes;

// The instructions by their zero-masked forms under a full mask (the same instructions): GCC
// 12's unmasked forms pass _mm512_undefined_epi32() through, which -Wmaybe-uninitialized flags
// (as in utf8/vector_encode512.hpp).
constexpr __mmask16 every_lane = 0xFFFF;
PARPRIM_VQS_INLINE vec min_u32(vec a, vec b) {
  return _mm512_maskz_min_epu32(every_lane, a, b);
}
PARPRIM_VQS_INLINE vec max_u32(vec a, vec b) {
  return _mm512_maskz_max_epu32(every_lane, a, b);
}
PARPRIM_VQS_INLINE vec permute(vec index, vec v) {
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

/// One compare-exchange step within a vector: lane l against lane l ^ X, the lower lane of
/// each pair keeping the smaller key.
template <unsigned X>
PARPRIM_VQS_INLINE vec exchange(vec v) {
  const vec partner = permute(
      _mm512_xor_si512(_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
                       _mm512_set1_epi32(X)),
      v);
  constexpr __mmask16 upper = upper_lanes(std::bit_floor(X));
  // Three instructions, not four: the minimum into the lower lanes, then the maximum over it.
  const vec lower = _mm512_mask_min_epu32(v, static_cast<__mmask16>(~upper), v, partner);
  return _mm512_mask_max_epu32(lower, upper, v, partner);
}

/// Sorts a bitonic vector (the second half of every bitonic merge): half-cleaners 8, 4, 2, 1.
PARPRIM_VQS_INLINE vec merge_lanes(vec v) {
  v = exchange<8>(v);
  v = exchange<4>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
}

/// Sorts one vector: blocks of 2, 4, 8 and 16 lanes, each made bitonic by comparing lane l with
/// its mirror in the block (l ^ (k - 1)), then cleaned.
PARPRIM_VQS_INLINE vec sort_lanes(vec v) {
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

PARPRIM_VQS_INLINE vec reverse_lanes(vec v) {
  return permute(_mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), v);
}

/// Sorts the 16 * N keys of v[0..N) (N a power of two), v[0] lane 0 the smallest: each vector
/// sorted, then sorted blocks of S vectors merged pairwise into blocks of 2S. A merge compares
/// the first block with the second reversed (the two then bitonic, every key of the first no
/// larger than any of the second), then cleans each half across vectors and within them.
// GCC keeps v[] in registers only where these loops are unrolled whole; its own heuristics
// leave them as loops over the stack.
#define PARPRIM_VQS_UNROLL _Pragma("GCC unroll 16")

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
PARPRIM_VQS_INLINE void sort_columns(vec* v) {
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
PARPRIM_VQS_INLINE void transpose_16(vec* v) {
  vec a[16], b[16];
  PARPRIM_VQS_UNROLL
  for (unsigned i = 0; i < 8; ++i) {
    a[2 * i] = _mm512_maskz_unpacklo_epi32(every_lane, v[2 * i], v[2 * i + 1]);
    a[2 * i + 1] = _mm512_maskz_unpackhi_epi32(every_lane, v[2 * i], v[2 * i + 1]);
  }
  // b[4i + c], 128-bit block L: column 4L + c of rows 4i..4i+3.
  PARPRIM_VQS_UNROLL
  for (unsigned i = 0; i < 4; ++i) {
    b[4 * i] = _mm512_maskz_unpacklo_epi64(0xFF, a[4 * i], a[4 * i + 2]);
    b[4 * i + 1] = _mm512_maskz_unpackhi_epi64(0xFF, a[4 * i], a[4 * i + 2]);
    b[4 * i + 2] = _mm512_maskz_unpacklo_epi64(0xFF, a[4 * i + 1], a[4 * i + 3]);
    b[4 * i + 3] = _mm512_maskz_unpackhi_epi64(0xFF, a[4 * i + 1], a[4 * i + 3]);
  }
  // Column 4L + c: block L of b[c], b[4 + c], b[8 + c], b[12 + c], in that order.
  PARPRIM_VQS_UNROLL
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

template <unsigned N>
PARPRIM_VQS_INLINE void sort_vectors(vec* v) {
  constexpr unsigned levels = std::bit_width(N) - 1;
  if constexpr (N == 16) {
    // 16 vectors sorted each at a sixth of the cost of sort_lanes on each.
    sort_columns(v);
    transpose_16(v);
  } else {
    PARPRIM_VQS_UNROLL
    for (unsigned i = 0; i < N; ++i) v[i] = sort_lanes(v[i]);
  }
  // Every loop counts up by one to a constant, so that GCC unrolls it whole.
  PARPRIM_VQS_UNROLL
  for (unsigned level = 0; level < levels; ++level) {
    const unsigned s = 1u << level;  // vectors a sorted block
    PARPRIM_VQS_UNROLL
    for (unsigned block = 0; block < N / (2 * s); ++block) {
      vec* const w = v + block * 2 * s;
      vec high[N];
      PARPRIM_VQS_UNROLL
      for (unsigned i = 0; i < s; ++i) {
        const vec a = w[i], mirrored = reverse_lanes(w[2 * s - 1 - i]);
        high[i] = max_u32(a, mirrored);
        w[i] = min_u32(a, mirrored);
      }
      PARPRIM_VQS_UNROLL
      for (unsigned i = 0; i < s; ++i) w[s + i] = high[i];
      PARPRIM_VQS_UNROLL
      for (unsigned step = 1; step <= level; ++step) {
        const unsigned d = s >> step;  // vectors between the two of a pair
        PARPRIM_VQS_UNROLL
        for (unsigned k = 0; k < s; ++k) {
          const unsigned j = (k / d) * 2 * d + k % d;
          const vec a = w[j], c = w[j + d];
          w[j] = min_u32(a, c);
          w[j + d] = max_u32(a, c);
        }
      }
      PARPRIM_VQS_UNROLL
      for (unsigned j = 0; j < 2 * s; ++j) w[j] = merge_lanes(w[j]);
    }
  }
}

/// The lanes [0, k) of a vector, k <= 16.
PARPRIM_VQS_INLINE __mmask16 first_lanes(std::uint32_t k) {
  return static_cast<__mmask16>((1u << k) - 1u);
}

/// Sorts n <= 16 * N keys from `in` (each XORed with in_flip) into `out` (XORed with out_flip),
/// in registers: the lanes past n hold the largest key and are not stored.
template <unsigned N>
PARPRIM_VQS_INLINE void network_sort(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n,
                                     vec in_flip, vec out_flip) {
  vec v[N];
  const vec largest = _mm512_set1_epi32(-1);
  PARPRIM_VQS_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    const __mmask16 m = first_lanes(k);
    v[i] = _mm512_mask_mov_epi32(
        largest, m, _mm512_xor_si512(_mm512_maskz_loadu_epi32(m, in + first), in_flip));
  }
  sort_vectors<N>(v);
  PARPRIM_VQS_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    const std::uint32_t first = i * lanes;
    const std::uint32_t k = n > first ? std::min<std::uint32_t>(n - first, lanes) : 0;
    _mm512_mask_storeu_epi32(out + first, first_lanes(k), _mm512_xor_si512(v[i], out_flip));
  }
}

PARPRIM_VQS_TARGET inline void sort_small(const std::uint32_t* in, std::uint32_t* out,
                                          std::uint32_t n, vec in_flip, vec out_flip) {
  if (n <= 1 * lanes) return network_sort<1>(in, out, n, in_flip, out_flip);
  if (n <= 2 * lanes) return network_sort<2>(in, out, n, in_flip, out_flip);
  if (n <= 4 * lanes) return network_sort<4>(in, out, n, in_flip, out_flip);
  if (n <= 8 * lanes) return network_sort<8>(in, out, n, in_flip, out_flip);
  return network_sort<16>(in, out, n, in_flip, out_flip);
}

/// The pivot: the median of 16 keys spread over the range (XORed with in_flip).
PARPRIM_VQS_TARGET inline std::uint32_t choose_pivot(const std::uint32_t* in, std::uint32_t n,
                                                     vec in_flip) {
  const std::uint32_t step = n / lanes;
  const vec index = _mm512_maskz_mullo_epi32(
      every_lane, _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
      _mm512_set1_epi32(static_cast<int>(step)));
  const vec sample = _mm512_xor_si512(
      _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), every_lane, index, in, 4), in_flip);
  alignas(64) std::uint32_t sorted[lanes];
  _mm512_store_si512(sorted, sort_lanes(sample));
  return sorted[lanes / 2];
}

/// A partition's cursors: keys below the pivot are written from the front of its output, the
/// others from the back.
struct partition_cursors {
  std::uint32_t front, back;
};

/// Writes the lanes `valid` of v to out: those below p (or, with Inclusive, not above it) at the
/// front, the others at the back, each side packed in a register and written by a masked store.
template <bool Inclusive>
PARPRIM_VQS_INLINE void partition_step(vec v, __mmask16 valid, vec p, std::uint32_t* out,
                                       partition_cursors& at) {
  const __mmask16 low =
      (Inclusive ? _mm512_cmple_epu32_mask(v, p) : _mm512_cmplt_epu32_mask(v, p)) & valid;
  const __mmask16 high = static_cast<__mmask16>(~low & valid);
  const auto lows = static_cast<std::uint32_t>(__builtin_popcount(low));
  const auto highs = static_cast<std::uint32_t>(__builtin_popcount(high));
  _mm512_mask_storeu_epi32(out + at.front, first_lanes(lows), _mm512_maskz_compress_epi32(low, v));
  at.back -= highs;
  _mm512_mask_storeu_epi32(out + at.back, first_lanes(highs), _mm512_maskz_compress_epi32(high, v));
  at.front += lows;
}

/// Writes in[0..n) (XORed with in_flip) to out, partitioned by the pivot. Returns how many keys
/// went to the front. `FromMemory`: the range is not in cache (the first level's, just written
/// by the split's streaming stores), so its lines are prefetched ahead (prefetch_ahead.hpp).
template <bool Inclusive, bool FromMemory>
PARPRIM_VQS_TARGET inline std::uint32_t partition(const std::uint32_t* in, std::uint32_t* out,
                                                  std::uint32_t n, std::uint32_t pivot,
                                                  vec in_flip) {
  const vec p = _mm512_set1_epi32(static_cast<int>(pivot));
  partition_cursors at{0, n};
  std::uint32_t i = 0;
  // Four vectors loaded before any is stored: a store may alias a later load's address, which
  // would then wait for it (two at a time: 0.138 ns a key in cache; one: 0.186).
  constexpr unsigned group = 4;
  for (; i + group * lanes <= n; i += group * lanes) {
    vec x[group];
    PARPRIM_VQS_UNROLL
    for (unsigned g = 0; g < group; ++g) {
      if constexpr (FromMemory) prefetch_ahead(in + i + g * lanes);
      x[g] = _mm512_xor_si512(_mm512_loadu_si512(in + i + g * lanes), in_flip);
    }
    PARPRIM_VQS_UNROLL
    for (unsigned g = 0; g < group; ++g) partition_step<Inclusive>(x[g], 0xFFFF, p, out, at);
  }
  for (; i + lanes <= n; i += lanes)
    partition_step<Inclusive>(_mm512_xor_si512(_mm512_loadu_si512(in + i), in_flip), 0xFFFF, p, out,
                              at);
  if (i < n) {
    const __mmask16 valid = first_lanes(n - i);
    partition_step<Inclusive>(_mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), in_flip),
                              valid, p, out, at);
  }
  return at.front;
}

/// Writes n copies of `key` (XORed with out_flip) to out.
PARPRIM_VQS_TARGET inline void fill(std::uint32_t* out, std::uint32_t n, std::uint32_t key,
                                    vec out_flip) {
  const vec v = _mm512_xor_si512(_mm512_set1_epi32(static_cast<int>(key)), out_flip);
  std::uint32_t i = 0;
  for (; i + lanes <= n; i += lanes) _mm512_storeu_si512(out + i, v);
  _mm512_mask_storeu_epi32(out + i, first_lanes(n - i), v);
}

/// The recursion. `in` holds the range (XORed with in_flip: the caller's elements at depth 0,
/// unsigned keys after); a partition writes the range's positions of buffers[(depth + 1) % 2],
/// and networks write the result's, in buffers[0]. So buffers[0] is a partition's output every
/// other level, which is safe: a range's positions in each buffer belong to it alone, and a
/// network loads its keys before it stores them.
struct quicksort {
  std::uint32_t* buffers[2];  // buffers[0] is the result
  vec flip;
  unsigned depth_limit;

  PARPRIM_VQS_TARGET void sort(const std::uint32_t* in, std::uint32_t offset, std::uint32_t n,
                               unsigned depth, vec in_flip) {
    std::uint32_t* out = buffers[0] + offset;
    if (n <= network_keys) return sort_small(in, out, n, in_flip, flip);
    if (depth == depth_limit) {  // a pathological input: no quadratic time
      for (std::uint32_t i = 0; i < n; ++i) out[i] = in[i] ^ _mm512_cvtsi512_si32(in_flip);
      std::sort(out, out + n);
      const std::uint32_t f = static_cast<std::uint32_t>(_mm512_cvtsi512_si32(flip));
      for (std::uint32_t i = 0; i < n; ++i) out[i] ^= f;
      return;
    }
    std::uint32_t* to = buffers[(depth + 1) % 2] + offset;
    const std::uint32_t pivot = choose_pivot(in, n, in_flip);
    const vec unflipped = _mm512_setzero_si512();
    std::uint32_t lows = depth == 0 ? partition<false, true>(in, to, n, pivot, in_flip)
                                    : partition<false, false>(in, to, n, pivot, in_flip);
    if (lows == 0) {
      // No key below the pivot, a key of the range: the pivot is its smallest. Its copies go
      // first and are sorted; the keys above them are sorted on.
      lows = partition<true, false>(in, to, n, pivot, in_flip);
      fill(out, lows, pivot, flip);
      if (lows < n) sort(to + lows, offset + lows, n - lows, depth + 1, unflipped);
      return;
    }
    sort(to, offset, lows, depth + 1, unflipped);
    sort(to + lows, offset + lows, n - lows, depth + 1, unflipped);
  }
};

/// Sorts in[0..n) into buffers[0] by key ^ flip, partitioning at most `depth_limit` levels deep.
PARPRIM_VQS_TARGET inline void sort_with_depth_limit(const std::uint32_t* in, std::uint32_t n,
                                                     std::uint32_t flip,
                                                     std::array<std::uint32_t*, 2> buffers,
                                                     unsigned depth_limit) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  quicksort q{{buffers[0], buffers[1]}, f, depth_limit};
  q.sort(in, 0, n, 0, f);
}

}  // namespace vector_sort_detail

/// Sorts in[0..n) by key ^ flip, unstably, and hands the sorted keys to
/// `deliver(const uint32_t* sorted)`, which copies them where they must go (the cache sort
/// streams them to memory). `buffers` are two arrays of n or more keys, in cache; in may be
/// buffers[0] but not buffers[1]. The depth limit, twice the bits of n and 4 more, is reached
/// only by inputs that defeat the sampled pivots again and again. Call only where
/// vector_quicksort_supported().
template <class Deliver>
void vector_quicksort(const std::uint32_t* in, std::uint32_t n, std::uint32_t flip,
                      std::uint32_t* const buffers[2], Deliver deliver) {
  vector_sort_detail::sort_with_depth_limit(in, n, flip, {buffers[0], buffers[1]},
                                            2 * static_cast<unsigned>(std::bit_width(n)) + 4);
  deliver(static_cast<const std::uint32_t*>(buffers[0]));
}

#undef PARPRIM_VQS_TARGET
#undef PARPRIM_VQS_INLINE
#undef PARPRIM_VQS_UNROLL

#else

inline bool vector_quicksort_supported() {
  return false;
}
template <class Deliver>
void vector_quicksort(const std::uint32_t*, std::uint32_t, std::uint32_t, std::uint32_t* const[2],
                      Deliver) {}  // never called: vector_quicksort_supported() is false

#endif

}  // namespace parprim::host
