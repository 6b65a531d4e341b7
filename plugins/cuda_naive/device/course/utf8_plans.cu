#include "device/course/utf8_expand_decode.cuh"
#include "device/course/utf8_pad_compact_encode.cuh"
#include "device/course/utf8_plans.hpp"
#include "parprim/cuda/empty_utf8_result.hpp"

namespace parprim::cuda_naive {

std::unique_ptr<plan> make_utf8_plan(cuda::cuda_backend& backend, const problem& p,
                                     std::uint64_t n, unsigned block) {
  if (n == 0)
    return make_plan([p, &backend](const parprim_io& io) {
      cuda::write_empty_utf8_result(p, io, backend.stream());
    });
  std::unique_ptr<plan> made;
  // Expanded positions (decode) and padded bytes (encode) go up to 4n: 32-bit where that fits.
  cuda::with_index_type(4 * n, [&]<class I>() {
    if (p.operation == PARPRIM_OP_UTF8_ENCODE) {
      auto encoder = std::make_shared<pad_compact_encoder<I>>(n, block);
      made = make_plan([encoder, &backend](const parprim_io& io) {
        encoder->run(io_in<std::uint32_t>(io), io_out<std::uint8_t>(io), io_count(io),
                     backend.stream());
      });
      return;
    }
    auto decoder = std::make_shared<expand_decoder<I>>(n, p.is_validation(), block);
    if (p.is_validation())
      made = make_plan([decoder, &backend](const parprim_io& io) {
        decoder->validate(io_in<std::uint8_t>(io), io_count(io), io_first_error(io),
                          backend.stream());
      });
    else
      made = make_plan([decoder, &backend](const parprim_io& io) {
        decoder->decode(io_in<std::uint8_t>(io), io_out<std::uint32_t>(io), io_count(io),
                        backend.stream());
      });
  });
  return made;
}

}  // namespace parprim::cuda_naive
