// The CPU UTF-8 decoder (docs/algorithms/utf8.md): ASCII a register at a time, every other unit
// by the branch-free step of units.hpp. One loop serves the three things a backend asks of a
// stretch of bytes: decode it, count its units (a parallel decoder's first pass) or validate it.
//
// A stretch is [begin, end) of an input of n bytes: `begin` is a unit start, and the loop
// decodes every unit that starts before `end`, reading up to 3 bytes past it to finish the
// last one. Its units are exactly the sequential decoder's there, since unit starts are a
// property of the bytes (is_unit_start), so stretches decoded apart join into the whole.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "parprim/host/prefetch_ahead.hpp"
#include "parprim/host/utf8/ascii_blocks.hpp"
#include "parprim/host/utf8/isa.hpp"
#include "parprim/host/utf8/units.hpp"
#include "parprim/host/utf8/vector_decode512.hpp"
#include "parprim/host/utf8/window_decode.hpp"

namespace parprim::host::utf8 {

enum class decode_mode { write, count, validate };

struct stretch_result {
  std::uint64_t units = 0;        // code points written or counted; ill-formed subparts found
  std::uint64_t first_error = 0;  // validate: absolute offset of the first, or n
};

/// The unit at `i` by the general step (decode_unit: any sequence, well-formed or not, and the
/// input's last 3 bytes), into `r`; returns its length.
template <decode_mode Mode>
inline unsigned decode_one_unit(const std::uint8_t* in, std::uint64_t i, std::uint64_t n,
                                std::uint32_t* out, stretch_result& r) {
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
  return u.length;
}

/// Units one at a time from `i` (a unit start) while they start before `until` (<= end), into
/// `r`; returns the position after the last. Well-formed sequences take one test of a word;
/// anything else goes through decode_one_unit.
template <decode_mode Mode>
inline std::uint64_t decode_units(const std::uint8_t* in, std::uint64_t i, std::uint64_t until,
                                  std::uint64_t n, std::uint32_t* out, stretch_result& r) {
  while (i < until) {
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
    i += decode_one_unit<Mode>(in, i, n, out, r);
  }
  return i;
}

/// The stretch [i, end) into `r`: ASCII blocks by `Blocks`, every other unit by decode_units.
template <class Blocks, decode_mode Mode>
inline void decode_blocks(const std::uint8_t* in, std::uint64_t i, std::uint64_t end,
                          std::uint64_t n, std::uint32_t* out, stretch_result& r) {
  constexpr std::uint64_t width = Blocks::bytes;
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
    i = decode_units<Mode>(in, i, std::min(scalar_until, end), n, out, r);
  }
}

template <class Blocks, decode_mode Mode>
inline stretch_result decode_stretch(const std::uint8_t* in, std::uint64_t begin,
                                     std::uint64_t end, std::uint64_t n, std::uint32_t* out) {
  stretch_result r{0, n};
  decode_blocks<Blocks, Mode>(in, begin, end, n, out, r);
  return r;
}

#if PARPRIM_HAVE_UTF8_SIMD
/// The AVX2 decoder: 64 bytes at a time, all ASCII widened at once; otherwise windows
/// (window_decode.hpp) along the block, an ASCII prefix of 4 or more widened instead of a
/// window; where a window's lane is not a character, the unit there by the general step and
/// windows again after it (an error costs one unit's step, not a block's). Blocks only
/// with 128 bytes to go in the stretch, so that at least 16 of its own units overwrite what a
/// store left past its last code point (as decode_blocks); the rest by decode_blocks. Compiled
/// for AVX2 as a whole (flatten: the block calls are inlined, which they cannot be into a
/// function compiled for the baseline).
template <decode_mode Mode>
PARPRIM_AVX2_TARGET __attribute__((flatten)) inline stretch_result decode_stretch_avx2(
    const std::uint8_t* in, std::uint64_t begin, std::uint64_t end, std::uint64_t n,
    std::uint32_t* out) {
  constexpr bool writes = Mode == decode_mode::write, counts = Mode != decode_mode::validate;
  stretch_result r{0, n};
  std::uint64_t i = begin;
  const __m256i below_lead = _mm256_set1_epi8(-64);  // 0xC0: continuation bytes are 80-BF
  while (i + 128 <= end) {
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i + 32));
    const std::uint64_t non_ascii = avx2_blocks::sign_bits64(lo, hi);
    if (non_ascii == 0) {
      if constexpr (writes) {
        avx2_blocks::widen(in + i, out + r.units);
        avx2_blocks::widen(in + i + 32, out + r.units + 32);
      }
      if constexpr (counts) r.units += 64;
      i += 64;
      continue;
    }
    const std::uint64_t continuation = avx2_blocks::sign_bits64(
        _mm256_cmpgt_epi8(below_lead, lo), _mm256_cmpgt_epi8(below_lead, hi));
    const std::uint64_t ends = window::ends_of(continuation);
    unsigned at = 0;
    bool in_run = false;  // after a window of three 4-byte characters (window::run)
    while (at <= 64 - window::bytes_read) {
      if (in_run) {
        using window::run;
        in_run = false;  // a window next, unless the run holds; it also finds what stopped it
        if (at + run::bytes < 64 &&
            ((continuation >> at) & run::mask) == window::four_byte_run.bits) {
          __m256i code_points;
          if (window::decode_run(in + i + at, code_points) == 0) {
            if constexpr (writes)
              _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r.units), code_points);
            if constexpr (counts) r.units += run::characters;
            at += run::bytes;
            in_run = true;
            continue;
          }
        }
      }
      const unsigned ascii =
          static_cast<unsigned>(std::countr_zero((non_ascii >> at) | (1u << 16)));
      if (ascii >= 4) {
        if constexpr (writes) avx2_blocks::widen16(in + i + at, out + r.units);
        if constexpr (counts) r.units += ascii;
        at += ascii;
        continue;
      }
      const unsigned key = window::key_at(ends, at);
      __m256i code_points;
      const unsigned wrong = window::decode(in + i + at, key, code_points);
      if constexpr (writes)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r.units), code_points);
      const window::step& s = window::steps[key];
      if (wrong == 0 && s.characters != 0) [[likely]] {
        if constexpr (counts) r.units += s.characters;
        at += window::advance[key];
        in_run = s.run;
        continue;
      }
      // The lanes before the first that is not a character stand; the unit there (a maximal
      // subpart, or a character followed by a stray continuation byte) by the general step.
      const unsigned good =
          static_cast<unsigned>(std::countr_zero(wrong | (1u << s.characters)));
      if constexpr (counts) r.units += good;
      at += good == 0 ? 0 : s.lane_end[good - 1];
      at += decode_one_unit<Mode>(in, i + at, n, out, r);
    }
    i += at;
  }
  decode_blocks<avx2_blocks, Mode>(in, i, end, n, out, r);
  return r;
}

/// The AVX-512 decoder: the whole stretch in blocks of 64 bytes (vector_decode512.hpp), each
/// classified one block ahead of the block whose units it writes, with no path of its own for
/// ill-formed text and no scalar tail: the last blocks read as zeros past n and write under a
/// mask. An all-ASCII block is widened without finding its units; counting and validating skip
/// runs of them. Counting and validating take the units that start in each block; writing takes
/// those that end in it (their code points are gathered from their last byte), so it runs to
/// `stop`, the first unit start at or after `end`: the stretch's last unit may end up to 3
/// bytes past `end`, in one more block.
template <decode_mode Mode>
PARPRIM_UTF8_AVX512_TARGET __attribute__((flatten)) inline stretch_result decode_stretch_avx512(
    const std::uint8_t* in, std::uint64_t begin, std::uint64_t end, std::uint64_t n,
    std::uint32_t* out) {
  namespace v = vector_decode512;
  stretch_result r{0, n};
  __m512i x = v::load_block(in, begin, n), classes;
  v::block_masks m = v::classify(x, _mm512_setzero_si512(), v::block_masks{}, classes);
  std::uint64_t at = begin;
  const std::uint64_t stop =
      Mode == decode_mode::write && begin < end ? next_unit_start(in, end, n) : end;
  // Writing: the block before's flagged bytes (a stretch begins at a unit start: nothing runs
  // into its first block).
  __m512i flagged_before = _mm512_setzero_si512();
  while (at < stop) {
    if constexpr (Mode != decode_mode::write) {
      // After an all-ASCII block, later ASCII blocks four at a time (one unit a byte, all
      // complete), then the first block that is not, classified as the first of a stretch:
      // an ASCII block before it carries nothing over.
      if (m.ascii == ~0ull) {
        std::uint64_t to = at + 64;
        while (to + 256 <= end && v::all_ascii256(in + to)) to += 256;
        if (to != at + 64) {
          if constexpr (Mode == decode_mode::count) r.units += to - at;
          at = to;
          x = v::load_block(in, at, n);
          m = v::classify(x, _mm512_setzero_si512(), v::block_masks{}, classes);
          continue;
        }
      }
    }
    prefetch_ahead(in + at);
    const __m512i next_x = v::load_block(in, at + 64, n);
    __m512i next_classes;
    const v::block_masks next = v::classify(next_x, classes, m, next_classes);
    const std::uint64_t in_stretch =
        stop - at >= 64 ? ~0ull : _bzhi_u64(~0ull, static_cast<unsigned>(stop - at));
    if (m.ascii == ~0ull) {
      // Every byte a unit that ends where it starts: none runs in from the block before, none
      // out into the next (which so reads nothing of this block's flagged bytes).
      if constexpr (Mode == decode_mode::write) v::widen_ascii(x, in_stretch, out + r.units);
      if constexpr (Mode != decode_mode::validate)
        r.units += static_cast<std::uint64_t>(_mm_popcnt_u64(in_stretch));
    } else if constexpr (Mode == decode_mode::write) {
      const v::block_ends e = v::unit_ends(m, next, in_stretch);
      const __m512i flagged = v::flagged_bytes(x, classes);
      r.units +=
          v::write_units_ending(flagged_before, flagged, e.ends, e.incomplete, out + r.units);
      flagged_before = flagged;
    } else {
      const v::block_units u = v::units_of(m, next);
      const std::uint64_t starts = u.starts & in_stretch;
      if constexpr (Mode == decode_mode::validate) {
        // Without a branch on whether the block holds an error (text with errors has them in
        // every other block, at random): the first error's offset chosen by a conditional move.
        const std::uint64_t bad = u.incomplete & in_stretch;
        const std::uint64_t offset = at + _tzcnt_u64(bad);
        r.first_error = r.units == 0 && bad != 0 ? offset : r.first_error;
        r.units += static_cast<std::uint64_t>(_mm_popcnt_u64(bad));
      } else {
        r.units += static_cast<std::uint64_t>(_mm_popcnt_u64(starts));
      }
    }
    x = next_x;
    classes = next_classes;
    m = next;
    at += 64;
  }
  return r;
}
#endif

/// decode_stretch with the vector path of `i`.
template <decode_mode Mode>
inline stretch_result decode_stretch_on(isa i, const std::uint8_t* in, std::uint64_t begin,
                                        std::uint64_t end, std::uint64_t n, std::uint32_t* out) {
#if PARPRIM_HAVE_UTF8_SIMD
  if (i == isa::avx512) return decode_stretch_avx512<Mode>(in, begin, end, n, out);
  if (i == isa::avx2) return decode_stretch_avx2<Mode>(in, begin, end, n, out);
  if (i == isa::sse2) return decode_stretch<sse2_blocks, Mode>(in, begin, end, n, out);
#endif
  (void)i;
  return decode_stretch<scalar_blocks, Mode>(in, begin, end, n, out);
}

}  // namespace parprim::host::utf8
