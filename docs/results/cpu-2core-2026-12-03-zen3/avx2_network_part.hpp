// Included by avx2_partition_probe.cpp: a bitonic network of 64 u32 keys in 8 AVX2 registers.
struct lane_masks {
  // [log2 k][log2 j][vector]: lanes of the vector that take the maximum in step (k, j), j < 8.
  alignas(32) std::int32_t max_lanes[7][3][8][8];
  lane_masks() {
    for (unsigned lk = 1; lk <= 6; ++lk)
      for (unsigned lj = 0; lj < 3; ++lj)
        for (unsigned v = 0; v < 8; ++v)
          for (unsigned l = 0; l < 8; ++l) {
            const unsigned i = v * 8 + l, k = 1u << lk, j = 1u << lj;
            const bool upper = (i & j) != 0, descending = (i & k) != 0;
            max_lanes[lk][lj][v][l] = (upper != descending) ? -1 : 0;
          }
  }
};
const lane_masks masks;

template <unsigned J>
__attribute__((target("avx2"), always_inline)) inline __m256i partner(__m256i v) {
  if constexpr (J == 4) return _mm256_permute2x128_si256(v, v, 1);
  if constexpr (J == 2) return _mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2));
  if constexpr (J == 1) return _mm256_shuffle_epi32(v, _MM_SHUFFLE(2, 3, 0, 1));
}

template <unsigned LK, unsigned LJ>
__attribute__((target("avx2"), always_inline)) inline void within(__m256i (&x)[8]) {
#pragma GCC unroll 8
  for (unsigned v = 0; v < 8; ++v) {
    const __m256i p = partner<(1u << LJ)>(x[v]);
    const __m256i m =
        _mm256_load_si256(reinterpret_cast<const __m256i*>(masks.max_lanes[LK][LJ][v]));
    x[v] = _mm256_blendv_epi8(_mm256_min_epu32(x[v], p), _mm256_max_epu32(x[v], p), m);
  }
}

template <unsigned LK, unsigned LJ>  // J >= 8: vectors a and a ^ (J / 8)
__attribute__((target("avx2"), always_inline)) inline void across(__m256i (&x)[8]) {
  constexpr unsigned d = (1u << LJ) / 8, kv = (1u << LK) / 8;
#pragma GCC unroll 8
  for (unsigned a = 0; a < 8; ++a) {
    if (a & d) continue;
    const unsigned b = a | d;
    const __m256i lo = _mm256_min_epu32(x[a], x[b]), hi = _mm256_max_epu32(x[a], x[b]);
    const bool descending = (a & kv) != 0;
    x[a] = descending ? hi : lo;
    x[b] = descending ? lo : hi;
  }
}

template <unsigned LK, int LJ>
__attribute__((target("avx2"), always_inline)) inline void steps(__m256i (&x)[8]) {
  if constexpr (LJ >= 0) {
    if constexpr (LJ >= 3)
      across<LK, LJ>(x);
    else
      within<LK, LJ>(x);
    steps<LK, LJ - 1>(x);
  }
}

template <unsigned LK>
__attribute__((target("avx2"), always_inline)) inline void stages(__m256i (&x)[8]) {
  if constexpr (LK <= 6) {
    steps<LK, static_cast<int>(LK) - 1>(x);
    stages<LK + 1>(x);
  }
}

// Sorts n <= 64 keys of in into out (padding with the largest key).
__attribute__((target("avx2"))) void network64(const std::uint32_t* in, std::uint32_t* out,
                                               std::uint32_t n) {
  alignas(32) std::uint32_t t[64];
  std::copy(in, in + n, t);
  std::fill(t + n, t + 64, ~0u);
  __m256i x[8];
#pragma GCC unroll 8
  for (unsigned v = 0; v < 8; ++v)
    x[v] = _mm256_load_si256(reinterpret_cast<const __m256i*>(t + 8 * v));
  stages<1>(x);
#pragma GCC unroll 8
  for (unsigned v = 0; v < 8; ++v) _mm256_store_si256(reinterpret_cast<__m256i*>(t + 8 * v), x[v]);
  std::copy(t, t + n, out);
}
