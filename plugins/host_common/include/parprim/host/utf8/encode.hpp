// The CPU UTF-8 encoder (docs/algorithms/utf8.md): ASCII code points narrowed a register at a
// time, every other one by the branch-free step of units.hpp, which stores a whole word and
// advances by the sequence's length. Like the decoder, it runs on a stretch of the input, so
// that a parallel encoder's parts are encoded apart (cpu_tbb encodes each into a buffer of its
// own, and places it once the parts before it are encoded).
#pragma once

#include <algorithm>
#include <cstdint>

#include "parprim/host/utf8/ascii_blocks.hpp"
#include "parprim/host/utf8/isa.hpp"
#include "parprim/host/utf8/units.hpp"
#include "parprim/host/utf8/vector_encode.hpp"
#include "parprim/host/utf8/vector_encode512.hpp"

namespace parprim::host::utf8 {

/// Encodes n code points to `out` and returns the bytes written. Nothing is stored past them:
/// the last three code points are stored byte by byte (a word store writes up to 3 bytes past
/// its sequence, which the next 3 code points' bytes cover), so that parts encoded in parallel
/// side by side never write into each other.
template <class Blocks>
inline std::uint64_t encode_stretch(const std::uint32_t* in, std::uint64_t n, std::uint8_t* out) {
  constexpr std::uint64_t width = Blocks::bytes;
  constexpr std::uint64_t step = width ? width : 64;  // code points between ASCII tests
  const std::uint64_t words_end = n > 3 ? n - 3 : 0;
  std::uint64_t i = 0, o = 0;
  while (i < words_end) {
    if constexpr (width != 0) {
      if (i + width <= n && Blocks::narrow_ascii(in + i, out + o)) {
        i += width;
        o += width;
        continue;
      }
    }
    for (const std::uint64_t stop = std::min(i + step, words_end); i < stop; ++i) {
      const encoded e = encode_unit(in[i]);
      store_word(out + o, e.bytes);
      o += e.length;
    }
  }
  for (; i < n; ++i) o += parprim::utf8::encode_one(in[i], out + o);
  return o;
}

#if PARPRIM_HAVE_UTF8_SIMD
/// The AVX2 encoder: 32 code points a step, narrowed at once when all are ASCII, else four
/// code points a shuffle (vector_encode.hpp: eight a call), while at least 19 code points follow
/// the step: a shuffle stores up to 12 bytes past its encoding, which the next 12 code points'
/// bytes cover, and the last 3 are stored byte by byte (as encode_stretch). The rest by
/// encode_stretch. Compiled for AVX2 as a whole (as decode_stretch_avx2).
PARPRIM_AVX2_TARGET __attribute__((flatten)) inline std::uint64_t encode_stretch_avx2(
    const std::uint32_t* in, std::uint64_t n, std::uint8_t* out) {
  constexpr std::uint64_t step = avx2_blocks::bytes;
  std::uint64_t i = 0, o = 0;
  for (; i + step + 15 + 3 < n; i += step) {
    if (avx2_blocks::narrow_ascii(in + i, out + o)) {
      o += step;
      continue;
    }
    for (unsigned k = 0; k < step; k += 8) o += vector_encode::encode8(in + i + k, out + o);
  }
  return o + encode_stretch<avx2_blocks>(in + i, n - i, out + o);
}

/// The AVX-512 encoder: as encode_stretch_avx2, with sixteen code points a compress
/// (vector_encode512.hpp), while at least 51 code points follow the step: a compress stores up
/// to 48 bytes past its encoding, which the next 48 code points' bytes cover, and the last 3
/// are stored byte by byte.
PARPRIM_UTF8_AVX512_TARGET __attribute__((flatten)) inline std::uint64_t encode_stretch_avx512(
    const std::uint32_t* in, std::uint64_t n, std::uint8_t* out) {
  constexpr std::uint64_t step = avx2_blocks::bytes;
  std::uint64_t i = 0, o = 0;
  for (; i + step + 48 + 3 < n; i += step) {
    if (avx2_blocks::narrow_ascii(in + i, out + o)) {
      o += step;
      continue;
    }
    for (unsigned k = 0; k < step; k += 16) o += vector_encode512::encode16(in + i + k, out + o);
  }
  return o + encode_stretch<avx2_blocks>(in + i, n - i, out + o);
}
#endif

/// encode_stretch with the vector path of `i`.
inline std::uint64_t encode_stretch_on(isa i, const std::uint32_t* in, std::uint64_t n,
                                       std::uint8_t* out) {
#if PARPRIM_HAVE_UTF8_SIMD
  if (i == isa::avx512) return encode_stretch_avx512(in, n, out);
  if (i == isa::avx2) return encode_stretch_avx2(in, n, out);
  if (i == isa::sse2) return encode_stretch<sse2_blocks>(in, n, out);
#endif
  (void)i;
  return encode_stretch<scalar_blocks>(in, n, out);
}

}  // namespace parprim::host::utf8
