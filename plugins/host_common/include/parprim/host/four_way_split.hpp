// The top level of a parallel sort of 32-bit keys (plugins/cpu_tbb/parallel_in_place_sort.hpp):
// a whole array split four ways at once, out of place, by blocks that many threads work at the
// same time (docs/algorithms/cpu_sort.md, step 33).
//
// Each block counts its keys of each class, the counts give every block where its keys of each
// class go (class-major, block-minor), and each block then writes its keys there, XORed into
// unsigned keys: a compress and a store for each class and every 16 keys. The store is whole
// while the block's room for the class holds 16 places more (the lanes past its keys land on
// places its next keys overwrite) and exact in its last 15, since the other blocks write beside
// them at once: on Zen 5 a masked store costs the copy about a third of its time (step 34).
// Four ways, not two: the two compresses more a vector cost less than the pass over memory they
// save below (each thread's ranges start a level lower; two threads at 2^24 keys: quarters of
// 16 MiB, which fit the L3 together), though the copy is bound by its instructions, at about
// twice a plain copy's time (step 34's probe). Eight and sixteen ways cost more than they saved
// (step 29).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "parprim/host/avx512.hpp"
#include "parprim/host/vector_sorting_network.hpp"

#if PARPRIM_HAVE_AVX512
#include <immintrin.h>

namespace parprim::host::four_way_split {

#define PARPRIM_FWS_TARGET __attribute__((target("avx512f,popcnt")))
#define PARPRIM_FWS_INLINE __attribute__((target("avx512f,popcnt"), always_inline)) inline
#define PARPRIM_FWS_LAMBDA __attribute__((target("avx512f,popcnt"), always_inline))

using vector_sort_detail::first_lanes;
using vector_sort_detail::lanes;
using vector_sort_detail::vec;
constexpr unsigned classes = 4;

/// A key k (XORed with the flip) is of class c where pivots[c - 1] <= k < pivots[c]: class 0
/// below pivots[0], class 3 at least pivots[2]. Ascending, so the classes can be empty.
using pivots = std::array<std::uint32_t, classes - 1>;
/// Keys of each class (count_classes), or where a block writes them (copy_classes).
using per_class = std::array<std::uint64_t, classes>;

/// The quartiles of 255 keys spread over in[0..n) (n > 0), XORed with flip. Of uniform keys, a
/// class's share then has a standard deviation of about 11% of itself; the threads' stealing below
/// the top level evens that out.
inline pivots sampled_pivots(const std::uint32_t* in, std::uint64_t n, std::uint32_t flip) {
  constexpr unsigned samples = 255;
  std::uint32_t sample[samples];
  for (unsigned i = 0; i < samples; ++i) sample[i] = in[(n - 1) * i / (samples - 1)] ^ flip;
  std::sort(sample, sample + samples);
  return {sample[63], sample[127], sample[191]};
}

namespace detail {

struct pivot_vectors {
  vec p[classes - 1];
};

PARPRIM_FWS_INLINE pivot_vectors broadcast(const pivots& at) {
  pivot_vectors v;
  for (unsigned c = 0; c + 1 < classes; ++c) v.p[c] = _mm512_set1_epi32(static_cast<int>(at[c]));
  return v;
}

/// The lanes `valid` of v at least each pivot: nested, as the pivots ascend.
struct at_least {
  __mmask16 of[classes - 1];
};

PARPRIM_FWS_INLINE at_least compare(vec v, const pivot_vectors& p, __mmask16 valid) {
  at_least m;
  for (unsigned c = 0; c + 1 < classes; ++c)
    m.of[c] = _mm512_mask_cmpge_epu32_mask(valid, v, p.p[c]);
  return m;
}

/// Writes each class's lanes of v (of `valid`) to out[at[c]..end[c]), whole while 16 places
/// are left, exactly after, and advances the cursors.
PARPRIM_FWS_INLINE void write_classes(vec v, __mmask16 valid, const pivot_vectors& p,
                                      std::uint32_t* out, per_class& at, const per_class& end) {
  const at_least m = compare(v, p, valid);
  const __mmask16 of[classes] = {static_cast<__mmask16>(valid & ~m.of[0]),
                                 static_cast<__mmask16>(m.of[0] & ~m.of[1]),
                                 static_cast<__mmask16>(m.of[1] & ~m.of[2]), m.of[2]};
  for (unsigned c = 0; c < classes; ++c) {
    const auto keys = static_cast<std::uint32_t>(__builtin_popcount(of[c]));
    const vec packed = _mm512_maskz_compress_epi32(of[c], v);
    if (at[c] + lanes <= end[c])
      _mm512_storeu_si512(out + at[c], packed);
    else
      _mm512_mask_storeu_epi32(out + at[c], first_lanes(keys), packed);
    at[c] += keys;
  }
}

}  // namespace detail

/// How many of in[0..n), XORed with flip, are of each class: a block's count.
PARPRIM_FWS_TARGET inline per_class count_classes(const std::uint32_t* in, std::uint64_t n,
                                                  std::uint32_t flip, const pivots& at) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  const detail::pivot_vectors p = detail::broadcast(at);
  // Keys at least each pivot; the classes are their differences.
  std::uint64_t at_least[classes - 1] = {};
  const auto add = [&](const detail::at_least& m) PARPRIM_FWS_LAMBDA {
    for (unsigned c = 0; c + 1 < classes; ++c)
      at_least[c] += static_cast<unsigned>(__builtin_popcount(m.of[c]));
  };
  std::uint64_t i = 0;
  for (; i + lanes <= n; i += lanes)
    add(detail::compare(_mm512_xor_si512(_mm512_loadu_si512(in + i), f), p, 0xFFFF));
  if (i < n) {
    const __mmask16 valid = first_lanes(static_cast<std::uint32_t>(n - i));
    add(detail::compare(_mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), f), p, valid));
  }
  return {n - at_least[0], at_least[0] - at_least[1], at_least[1] - at_least[2], at_least[2]};
}

/// Writes in[0..n), XORed with flip, by class: class c's keys to out[at[c]..at[c] + keys[c]),
/// upwards, where keys is the block's count_classes. Writes nothing outside those places.
PARPRIM_FWS_TARGET inline void copy_classes(const std::uint32_t* in, std::uint64_t n,
                                            std::uint32_t flip, const pivots& pivots_at,
                                            std::uint32_t* out, per_class at,
                                            const per_class& keys) {
  const vec f = _mm512_set1_epi32(static_cast<int>(flip));
  const detail::pivot_vectors p = detail::broadcast(pivots_at);
  per_class end;
  for (unsigned c = 0; c < classes; ++c) end[c] = at[c] + keys[c];
  // Four vectors loaded before any is stored, as vector_quicksort.hpp's partitions do: a store
  // may alias a later load's address, which would then wait for it.
  constexpr unsigned group = 4;
  std::uint64_t i = 0;
  for (; i + group * lanes <= n; i += group * lanes) {
    vec v[group];
    for (unsigned g = 0; g < group; ++g)
      v[g] = _mm512_xor_si512(_mm512_loadu_si512(in + i + g * lanes), f);
    for (unsigned g = 0; g < group; ++g) detail::write_classes(v[g], 0xFFFF, p, out, at, end);
  }
  for (; i < n; i += lanes) {
    const __mmask16 valid =
        first_lanes(static_cast<std::uint32_t>(std::min<std::uint64_t>(n - i, lanes)));
    detail::write_classes(_mm512_xor_si512(_mm512_maskz_loadu_epi32(valid, in + i), f), valid, p,
                          out, at, end);
  }
}

#undef PARPRIM_FWS_TARGET
#undef PARPRIM_FWS_INLINE
#undef PARPRIM_FWS_LAMBDA

}  // namespace parprim::host::four_way_split

#endif
