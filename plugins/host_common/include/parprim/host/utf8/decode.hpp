// The CPU UTF-8 decoder (docs/algorithms/utf8.md): ASCII a register at a time, every other unit
// by the branch-free step of units.hpp. One loop serves the three things a backend asks of a
// stretch of bytes: decode it, count its units (a parallel decoder's first pass) or validate it.
//
// A stretch is [begin, end) of an input of n bytes: `begin` is a unit start, and the loop
// decodes every unit that starts before `end`, reading up to 3 bytes past it to finish the
// last one. Its units are exactly the sequential decoder's there, since unit starts are a
// property of the bytes (is_unit_start), so stretches decoded apart join into the whole.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "parprim/host/utf8/ascii_blocks.hpp"
#include "parprim/host/utf8/isa.hpp"
#include "parprim/host/utf8/units.hpp"

namespace parprim::host::utf8 {

enum class decode_mode { write, count, validate };

struct stretch_result {
  std::uint64_t units = 0;        // code points written or counted; ill-formed subparts found
  std::uint64_t first_error = 0;  // validate: absolute offset of the first, or n
};

template <class Blocks, decode_mode Mode>
inline stretch_result decode_stretch(const std::uint8_t* in, std::uint64_t begin,
                                     std::uint64_t end, std::uint64_t n, std::uint32_t* out) {
  constexpr std::uint64_t width = Blocks::bytes;
  stretch_result r{0, n};
  std::uint64_t i = begin;
  while (i < end) {
    std::uint64_t scalar_until = end;
    // The vector path only with 4 blocks to go in the stretch: the code points a block widens
    // past its ASCII prefix are garbage, and this stretch's own later units must overwrite
    // them all (at least (4 blocks - prefix) / 4 >= one block of units follow), so that none
    // lands in a neighbouring stretch's output.
    if constexpr (width != 0) {
      if (i + 4 * width <= end) {
        const unsigned mask = Blocks::non_ascii(in + i);
        const unsigned ascii =
            mask == 0 ? unsigned(width) : static_cast<unsigned>(std::countr_zero(mask));
        // Widened only where the block starts with ASCII (text of no ASCII stores nothing here).
        if constexpr (Mode == decode_mode::write)
          if (ascii != 0) Blocks::widen(in + i, out + r.units);
        if (mask == 0) {
          r.units += Mode == decode_mode::validate ? 0 : width;
          i += width;
          continue;
        }
        // Units one at a time up to the block's last byte that is not ASCII, then the vector
        // test again: text of one accented letter in many costs only that letter's unit.
        scalar_until = i + (31u - static_cast<unsigned>(std::countl_zero(mask))) + 1;
        r.units += Mode == decode_mode::validate ? 0 : ascii;
        i += ascii;
      }
    }
    while (i < scalar_until && i < end) {
      // Well-formed sequences in one test of a word; anything else (and the last 3 bytes of
      // the input) unit by unit.
      if (i + 4 <= n) {
        std::uint32_t w, cp;
        std::memcpy(&w, in + i, 4);
        const unsigned length = length_from_lead(w & 0xFF);
        if (decode_well_formed(w, cp)) [[likely]] {
          if constexpr (Mode == decode_mode::write) out[r.units] = cp;
          if constexpr (Mode != decode_mode::validate) ++r.units;
          i += length;
          continue;
        }
      }
      const unit u = decode_unit_at(in, i, n);
      if constexpr (Mode == decode_mode::write) out[r.units] = u.code_point;
      if constexpr (Mode == decode_mode::validate) {
        if (!u.complete) {
          if (r.units == 0) r.first_error = i;
          ++r.units;
        }
      } else {
        ++r.units;
      }
      i += u.length;
    }
  }
  return r;
}

#if PARPRIM_HAVE_UTF8_SIMD
/// The loop compiled for AVX2 as a whole (flatten: the block calls are inlined into it, which
/// they cannot be into a function compiled for the baseline).
template <decode_mode Mode>
PARPRIM_AVX2_TARGET __attribute__((flatten)) inline stretch_result decode_stretch_avx2(
    const std::uint8_t* in, std::uint64_t begin, std::uint64_t end, std::uint64_t n,
    std::uint32_t* out) {
  return decode_stretch<avx2_blocks, Mode>(in, begin, end, n, out);
}
#endif

/// decode_stretch with the vector path of `i`.
template <decode_mode Mode>
inline stretch_result decode_stretch_on(isa i, const std::uint8_t* in, std::uint64_t begin,
                                        std::uint64_t end, std::uint64_t n, std::uint32_t* out) {
#if PARPRIM_HAVE_UTF8_SIMD
  if (i == isa::avx2) return decode_stretch_avx2<Mode>(in, begin, end, n, out);
  if (i == isa::sse2) return decode_stretch<sse2_blocks, Mode>(in, begin, end, n, out);
#endif
  (void)i;
  return decode_stretch<scalar_blocks, Mode>(in, begin, end, n, out);
}

}  // namespace parprim::host::utf8
