#include "device/utf8/lookback_decode.cuh"
#include "device/utf8/lookback_encode.cuh"
#include "device/utf8/utf8_plans.hpp"
#include "device/utf8/validate_utf8.cuh"
#include "parprim/cuda/launch.cuh"

namespace parprim::cuda_efficient {

std::unique_ptr<plan> make_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                     std::uint64_t n) {
  std::unique_ptr<plan> made;
  if (p.operation == PARPRIM_OP_UTF8_ENCODE) {
    // Byte counts up to 4n: 32-bit where those fit (one state word).
    cuda::with_index_type(4 * n, [&]<class I>() {
      auto encoder = std::make_shared<utf8::lookback_encoder<I>>(n);
      made = make_plan([encoder, &backend](const parprim_io& io) {
        encoder->run(io_in<std::uint32_t>(io), io_out<std::uint8_t>(io), io_count(io),
                     backend.stream());
      });
    });
  } else if (p.is_validation()) {
    auto check = std::make_shared<utf8::validator>(n);
    made = make_plan([check, &backend](const parprim_io& io) {
      check->run(io_in<std::uint8_t>(io), io_count(io), io_first_error(io), backend.stream());
    });
  } else {
    cuda::with_index_type(n, [&]<class I>() {
      auto decoder = std::make_shared<utf8::lookback_decoder<I>>(n);
      made = make_plan([decoder, &backend](const parprim_io& io) {
        decoder->run(io_in<std::uint8_t>(io), io_out<std::uint32_t>(io), io_count(io),
                     backend.stream());
      });
    });
  }
  return made;
}

}  // namespace parprim::cuda_efficient
