// cpu_seq's UTF-8 plans: the whole input as one stretch of the host decoder or encoder
// (parprim/host/utf8), with the vector path the variant names.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/host/utf8/decode.hpp"
#include "parprim/host/utf8/encode.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cpu_seq {

inline std::unique_ptr<plan> make_utf8_plan(const problem& p, std::uint64_t n,
                                            host::utf8::isa isa) {
  using host::utf8::decode_mode;
  if (p.operation == PARPRIM_OP_UTF8_ENCODE)
    return make_plan([n, isa](const parprim_io& io) {
      *io_count(io) = host::utf8::encode_stretch_on(isa, io_in<std::uint32_t>(io), n,
                                                    io_out<std::uint8_t>(io));
    });
  if (p.is_validation())
    return make_plan([n, isa](const parprim_io& io) {
      const auto r = host::utf8::decode_stretch_on<decode_mode::validate>(
          isa, io_in<std::uint8_t>(io), 0, n, n, nullptr);
      *io_count(io) = r.units;
      *io_first_error(io) = r.first_error;
    });
  return make_plan([n, isa](const parprim_io& io) {
    *io_count(io) = host::utf8::decode_stretch_on<decode_mode::write>(
                        isa, io_in<std::uint8_t>(io), 0, n, n, io_out<std::uint32_t>(io))
                        .units;
  });
}

}  // namespace parprim::cpu_seq
