// Included by avx2_partition_probe.cpp built with -DCOLUMN_NETWORK: the AVX-512 network's form
// (plugins/host_common/include/parprim/host/vector_sorting_network.hpp) in 8 AVX2 lanes, for
// leaves of up to 128 keys. 8 vectors (64 keys) are sorted by sorting their columns across
// vectors (a bitonic network of 8 inputs: 24 exchanges, a minimum and a maximum each, no
// shuffles) and transposing them (24 shuffles); fewer vectors each by a network within it;
// sorted vectors then merged pairwise by bitonic merges across and within vectors. 16 vectors
// (128 keys): two sorted halves of 8, then one merge (all 16 AVX2 registers hold keys, so the
// compiler spills some). Exchanges within a vector take a shuffle, a minimum, a maximum and a
// blend by an immediate (AVX2 has no masked maximum).
namespace column_network {

using vec = __m256i;
#define CN_INLINE __attribute__((target("avx2"), always_inline)) inline
#define CN_UNROLL _Pragma("GCC unroll 16")

// Lane l ^ X of v in lane l.
template <unsigned X>
CN_INLINE vec partner_lanes(vec v) {
  if constexpr (X == 1) return _mm256_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1));
  if constexpr (X == 2) return _mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2));
  if constexpr (X == 3) return _mm256_shuffle_epi32(v, _MM_SHUFFLE(0, 1, 2, 3));
  if constexpr (X == 4) return _mm256_permute2x128_si256(v, v, 1);
  if constexpr (X == 7)
    return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0));
}

// The lanes whose index has bit b set (the upper of each pair, which take the maximum), as a
// blend immediate.
constexpr int upper_lanes(unsigned b) {
  int m = 0;
  for (unsigned l = 0; l < 8; ++l)
    if (l & b) m |= 1 << l;
  return m;
}

// Lane l against lane l ^ X, the lower lane of each pair keeping the smaller key.
template <unsigned X>
CN_INLINE vec exchange(vec v) {
  const vec p = partner_lanes<X>(v);
  constexpr unsigned high_bit = X >= 4 ? 4 : X >= 2 ? 2 : 1;
  return _mm256_blend_epi32(_mm256_min_epu32(v, p), _mm256_max_epu32(v, p),
                            upper_lanes(high_bit));
}

CN_INLINE vec sort_lanes(vec v) {
  v = exchange<1>(v);
  v = exchange<3>(v);
  v = exchange<1>(v);
  v = exchange<7>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
}

CN_INLINE vec merge_lanes(vec v) {
  v = exchange<4>(v);
  v = exchange<2>(v);
  return exchange<1>(v);
}

CN_INLINE vec reverse_lanes(vec v) { return partner_lanes<7>(v); }

struct column_exchange {
  unsigned char lower, upper;
};
constexpr unsigned column_exchanges = 24;
constexpr auto bitonic_8 = [] {
  std::array<column_exchange, column_exchanges> list{};
  unsigned count = 0;
  for (unsigned k = 2; k <= 8; k *= 2) {
    for (unsigned j = 0; j < 8; ++j)
      if ((j ^ (k - 1)) > j)
        list[count++] = {static_cast<unsigned char>(j), static_cast<unsigned char>(j ^ (k - 1))};
    for (unsigned d = k / 4; d >= 1; d /= 2)
      for (unsigned j = 0; j < 8; ++j)
        if ((j & d) == 0)
          list[count++] = {static_cast<unsigned char>(j), static_cast<unsigned char>(j + d)};
  }
  return list;
}();

CN_INLINE void sort_columns(vec* v) {
  _Pragma("GCC unroll 24") for (unsigned c = 0; c < column_exchanges; ++c) {
    const vec a = v[bitonic_8[c].lower], b = v[bitonic_8[c].upper];
    v[bitonic_8[c].lower] = _mm256_min_epu32(a, b);
    v[bitonic_8[c].upper] = _mm256_max_epu32(a, b);
  }
}

// The 8 x 8 keys of v transposed: each (sorted) column becomes a vector.
CN_INLINE void transpose_8(vec* v) {
  vec a[8], b[8];
  CN_UNROLL
  for (unsigned i = 0; i < 4; ++i) {
    a[2 * i] = _mm256_unpacklo_epi32(v[2 * i], v[2 * i + 1]);
    a[2 * i + 1] = _mm256_unpackhi_epi32(v[2 * i], v[2 * i + 1]);
  }
  CN_UNROLL
  for (unsigned i = 0; i < 2; ++i) {
    b[4 * i] = _mm256_unpacklo_epi64(a[4 * i], a[4 * i + 2]);
    b[4 * i + 1] = _mm256_unpackhi_epi64(a[4 * i], a[4 * i + 2]);
    b[4 * i + 2] = _mm256_unpacklo_epi64(a[4 * i + 1], a[4 * i + 3]);
    b[4 * i + 3] = _mm256_unpackhi_epi64(a[4 * i + 1], a[4 * i + 3]);
  }
  CN_UNROLL
  for (unsigned c = 0; c < 4; ++c) {
    v[c] = _mm256_permute2x128_si256(b[c], b[4 + c], 0x20);
    v[4 + c] = _mm256_permute2x128_si256(b[c], b[4 + c], 0x31);
  }
}

template <unsigned N, unsigned S>
CN_INLINE void merge_blocks(vec* v) {
  constexpr unsigned steps = std::bit_width(S) - 1;
  CN_UNROLL
  for (unsigned block = 0; block < N / (2 * S); ++block) {
    vec* const w = v + block * 2 * S;
    vec high[S];
    CN_UNROLL
    for (unsigned i = 0; i < S; ++i) {
      const vec a = w[i], mirrored = reverse_lanes(w[2 * S - 1 - i]);
      high[i] = _mm256_max_epu32(a, mirrored);
      w[i] = _mm256_min_epu32(a, mirrored);
    }
    CN_UNROLL
    for (unsigned i = 0; i < S; ++i) w[S + i] = high[i];
    CN_UNROLL
    for (unsigned step = 1; step <= steps; ++step) {
      const unsigned d = S >> step;
      CN_UNROLL
      for (unsigned k = 0; k < S; ++k) {
        const unsigned j = (k / d) * 2 * d + k % d;
        const vec a = w[j], c = w[j + d];
        w[j] = _mm256_min_epu32(a, c);
        w[j + d] = _mm256_max_epu32(a, c);
      }
    }
    CN_UNROLL
    for (unsigned j = 0; j < 2 * S; ++j) w[j] = merge_lanes(w[j]);
  }
  if constexpr (2 * S < N) merge_blocks<N, 2 * S>(v);
}

template <unsigned N>
CN_INLINE void sort_vectors(vec* v) {
  if constexpr (N == 16) {
    sort_vectors<8>(v);
    sort_vectors<8>(v + 8);
    merge_blocks<16, 8>(v);
  } else if constexpr (N == 8) {
    sort_columns(v);
    transpose_8(v);
    merge_blocks<8, 1>(v);
  } else {
    CN_UNROLL
    for (unsigned i = 0; i < N; ++i) v[i] = sort_lanes(v[i]);
    if constexpr (N > 1) merge_blocks<N, 1>(v);
  }
}

// Sorts n <= 8 N keys of in into out, in registers: lanes past n hold the largest key and are
// not stored. Whole vectors are loaded and stored plainly, the one partial vector through a
// buffer on the stack (a masked store, vpmaskmovd, is slow on AMD's cores).
template <unsigned N>
CN_INLINE void network_sort(const std::uint32_t* in, std::uint32_t* out, std::uint32_t n) {
  const vec largest = _mm256_set1_epi32(-1);
  alignas(32) std::uint32_t part[8];
  const std::uint32_t whole = n / 8, left = n % 8;
  vec v[N];
  CN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    if (i < whole) {
      v[i] = _mm256_loadu_si256(reinterpret_cast<const vec*>(in + 8 * i));
    } else if (i == whole && left) {
      _mm256_store_si256(reinterpret_cast<vec*>(part), largest);
      std::memcpy(part, in + 8 * i, left * sizeof(std::uint32_t));
      v[i] = _mm256_load_si256(reinterpret_cast<const vec*>(part));
    } else {
      v[i] = largest;
    }
  }
  sort_vectors<N>(v);
  CN_UNROLL
  for (unsigned i = 0; i < N; ++i) {
    if (i < whole) {
      _mm256_storeu_si256(reinterpret_cast<vec*>(out + 8 * i), v[i]);
    } else if (i == whole && left) {
      _mm256_store_si256(reinterpret_cast<vec*>(part), v[i]);
      std::memcpy(out + 8 * i, part, left * sizeof(std::uint32_t));
    }
  }
}

__attribute__((target("avx2"))) inline void sort_small(const std::uint32_t* in,
                                                       std::uint32_t* out, std::uint32_t n) {
  if (n <= 8) return network_sort<1>(in, out, n);
  if (n <= 16) return network_sort<2>(in, out, n);
  if (n <= 32) return network_sort<4>(in, out, n);
  if (n <= 64) return network_sort<8>(in, out, n);
  return network_sort<16>(in, out, n);
}

#undef CN_INLINE
#undef CN_UNROLL

}  // namespace column_network
