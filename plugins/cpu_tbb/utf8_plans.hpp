// cpu_tbb's UTF-8 plans (docs/algorithms/utf8.md): the input cut into parts, each decoded or
// encoded by the host loop (parprim/host/utf8) on one worker, its output placed by the chained
// count of the parts before it (chained_parts.hpp: a part is counted, which brings it into the
// worker's cache, then written from cache at its offset).
//
// A part of bytes [b, e) owns the units that start in it: it begins at its first unit start
// (next_unit_start: at most 3 bytes on) and ends with the unit that starts before e, whose
// bytes may run past e. Unit starts are a property of the bytes, so the parts' units are the
// sequential decoder's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/task_arena.h>

#include "chained_parts.hpp"
#include "parprim/host/utf8/decode.hpp"
#include "parprim/host/utf8/encode.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_tbb {

/// Parts of 64 KiB of bytes (decode) or 32 Ki code points (encode): each part and its output
/// stay in a worker's L2 between its count and its write.
inline constexpr std::uint64_t utf8_part_bytes = 64u << 10;
inline constexpr std::uint64_t utf8_part_code_points = 32u << 10;

class utf8_decode_plan final : public plan {
 public:
  utf8_decode_plan(const problem& p, std::uint64_t n, int threads)
      : n_(n), validate_(p.is_validation()), arena_(threads), parts_(n, utf8_part_bytes) {}

  void run(const parprim_io& io) override {
    using host::utf8::decode_mode;
    const auto* in = io_in<std::uint8_t>(io);
    const host::utf8::isa isa = host::utf8::best_isa();
    const std::uint64_t n = n_;
    auto start = [&](std::uint64_t b) { return host::utf8::next_unit_start(in, b, n); };
    if (validate_) {
      using result = host::utf8::stretch_result;
      const std::uint64_t parts = (n + utf8_part_bytes - 1) / utf8_part_bytes;
      const result all = arena_.execute([&] {
        return tbb::parallel_reduce(
            tbb::blocked_range<std::uint64_t>(0, parts), result{0, n},
            [&](const tbb::blocked_range<std::uint64_t>& r, result acc) {
              const std::uint64_t b = r.begin() * utf8_part_bytes;
              const std::uint64_t e = std::min(n, r.end() * utf8_part_bytes);
              const result part = host::utf8::decode_stretch_on<decode_mode::validate>(
                  isa, in, start(b), e, n, nullptr);
              return result{acc.units + part.units, std::min(acc.first_error, part.first_error)};
            },
            [](result a, result b) {
              return result{a.units + b.units, std::min(a.first_error, b.first_error)};
            });
      });
      *io_count(io) = all.units;
      *io_first_error(io) = all.first_error;
      return;
    }
    auto* out = io_out<std::uint32_t>(io);
    std::uint64_t* count = io_count(io);
    *count = 0;
    parts_.run(
        arena_, std::uint64_t{0},
        [&](std::uint64_t b, std::uint64_t e) {
          return host::utf8::decode_stretch_on<decode_mode::count>(isa, in, start(b), e, n,
                                                                   nullptr)
              .units;
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; },
        [&](std::uint64_t b, std::uint64_t e, std::uint64_t offset, std::uint64_t units) {
          host::utf8::decode_stretch_on<decode_mode::write>(isa, in, start(b), e, n, out + offset);
          if (e == n) *count = offset + units;
        });
  }

 private:
  std::uint64_t n_;
  bool validate_;
  tbb::task_arena arena_;
  chained_parts<std::uint64_t> parts_;
};

class utf8_encode_plan final : public plan {
 public:
  utf8_encode_plan(std::uint64_t n, int threads)
      : n_(n), arena_(threads), parts_(n, utf8_part_code_points) {}

  void run(const parprim_io& io) override {
    const auto* in = io_in<std::uint32_t>(io);
    auto* out = io_out<std::uint8_t>(io);
    std::uint64_t* count = io_count(io);
    const host::utf8::isa isa = host::utf8::best_isa();
    *count = 0;
    parts_.run(
        arena_, std::uint64_t{0},
        [&](std::uint64_t b, std::uint64_t e) {
          return host::utf8::encoded_length_of(in + b, e - b);
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; },
        [&](std::uint64_t b, std::uint64_t e, std::uint64_t offset, std::uint64_t bytes) {
          host::utf8::encode_stretch_on(isa, in + b, e - b, out + offset);
          if (e == n_) *count = offset + bytes;
        });
  }

 private:
  std::uint64_t n_;
  tbb::task_arena arena_;
  chained_parts<std::uint64_t> parts_;
};

}  // namespace parprim::cpu_tbb
