// cpu_tbb's UTF-8 plans (docs/algorithms/utf8.md): the input cut into parts, each decoded or
// encoded by the host loop (parprim/host/utf8) on one worker, its output placed by the chained
// count of the parts before it (chained_parts.hpp). A part is decoded or encoded into its
// worker's buffer, which gives its count in the same pass, and the buffer goes to the part's
// offset once the parts before it are counted (worker_buffers.hpp).
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
#include "parprim/host/streaming_store.hpp"
#include "parprim/plugin.hpp"
#include "worker_buffers.hpp"

namespace parprim::cpu_tbb {

/// Parts of 64 KiB of bytes (decode) or 32 Ki code points (encode): each part and its output
/// (at most 256 KiB or 128 KiB), for each of the held_parts a worker holds (640 KiB or 512 KiB
/// in all), stay in a worker's L2 until the output is placed.
inline constexpr std::uint64_t utf8_part_bytes = 64u << 10;
inline constexpr std::uint64_t utf8_part_code_points = 32u << 10;

class utf8_decode_plan final : public plan {
 public:
  utf8_decode_plan(const problem& p, std::uint64_t n, int threads)
      : n_(n),
        validate_(p.is_validation()),
        arena_(threads),
        parts_(n, utf8_part_bytes),
        // A part of b bytes decodes to at most b code points; the output's bound decides.
        decoded_(arena_, validate_ ? 0 : utf8_part_bytes,
                 host::streams_output(n * sizeof(std::uint32_t))) {}

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
    std::uint64_t total = 0;  // written by the worker that finishes the last part
    parts_.run(
        arena_, std::uint64_t{0},
        [&](std::uint64_t b, std::uint64_t e, unsigned slot) {
          return host::utf8::decode_stretch_on<decode_mode::write>(isa, in, start(b), e, n,
                                                                   decoded_.own(slot))
              .units;
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; },
        [&](std::uint64_t, std::uint64_t e, std::uint64_t offset, std::uint64_t units,
            unsigned slot) {
          decoded_.place(slot, out + offset, units);
          if (e == n) total = offset + units;
        });
    *io_count(io) = total;  // parallel_for has joined: visible here
  }

 private:
  std::uint64_t n_;
  bool validate_;
  tbb::task_arena arena_;
  chained_parts<std::uint64_t> parts_;
  worker_buffers<std::uint32_t> decoded_;
};

class utf8_encode_plan final : public plan {
 public:
  utf8_encode_plan(std::uint64_t n, int threads)
      : n_(n),
        arena_(threads),
        parts_(n, utf8_part_code_points),
        encoded_(arena_, 4 * utf8_part_code_points, host::streams_output(4 * n)) {}

  void run(const parprim_io& io) override {
    const auto* in = io_in<std::uint32_t>(io);
    auto* out = io_out<std::uint8_t>(io);
    const host::utf8::isa isa = host::utf8::best_isa();
    std::uint64_t total = 0;  // written by the worker that finishes the last part
    parts_.run(
        arena_, std::uint64_t{0},
        [&](std::uint64_t b, std::uint64_t e, unsigned slot) {
          return host::utf8::encode_stretch_on(isa, in + b, e - b, encoded_.own(slot));
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; },
        [&](std::uint64_t, std::uint64_t e, std::uint64_t offset, std::uint64_t bytes,
            unsigned slot) {
          encoded_.place(slot, out + offset, bytes);
          if (e == n_) total = offset + bytes;
        });
    *io_count(io) = total;  // parallel_for has joined: visible here
  }

 private:
  std::uint64_t n_;
  tbb::task_arena arena_;
  chained_parts<std::uint64_t> parts_;
  worker_buffers<std::uint8_t> encoded_;
};

}  // namespace parprim::cpu_tbb
