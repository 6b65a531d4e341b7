// The CPU UTF-8 decoder (parprim/host/utf8, what cpu_seq and cpu_tbb run) against the oracle
// on arbitrary bytes: on every vector path this CPU has, decoding, counting and validating the
// whole input, and decoding it as two stretches cut at an offset the input chooses (as
// cpu_tbb's parts). Any difference aborts, which libFuzzer reports as a finding.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "parprim/host/utf8/decode.hpp"
#include "parprim/host/utf8/encode.hpp"
#include "parprim/utf8/reference.hpp"

namespace {

using namespace parprim;
using host::utf8::decode_mode;
using host::utf8::isa;

void require(bool ok) {
  if (!ok) std::abort();
}

void check_path(isa path, const std::uint8_t* in, std::uint64_t n, std::uint64_t cut,
                const std::vector<std::uint32_t>& want, const utf8::validation& valid) {
  std::vector<std::uint32_t> got(n + 1);
  const auto whole =
      host::utf8::decode_stretch_on<decode_mode::write>(path, in, 0, n, n, got.data());
  require(whole.units == want.size());
  require(std::equal(want.begin(), want.end(), got.begin()));
  require(host::utf8::decode_stretch_on<decode_mode::count>(path, in, 0, n, n, nullptr).units ==
          want.size());
  const auto v = host::utf8::decode_stretch_on<decode_mode::validate>(path, in, 0, n, n, nullptr);
  require(v.units == valid.ill_formed_subparts && v.first_error == valid.first_error);
  // Two stretches, the second written first at its offset.
  std::vector<std::uint32_t> split(n + 1, 0xDEADBEEF);
  const std::uint64_t first =
      host::utf8::decode_stretch_on<decode_mode::count>(path, in, 0, cut, n, nullptr).units;
  const std::uint64_t second_start = host::utf8::next_unit_start(in, cut, n);
  const auto b = host::utf8::decode_stretch_on<decode_mode::write>(path, in, second_start, n, n,
                                                                   split.data() + first);
  const auto a =
      host::utf8::decode_stretch_on<decode_mode::write>(path, in, 0, cut, n, split.data());
  require(a.units == first && a.units + b.units == want.size());
  require(std::equal(want.begin(), want.end(), split.begin()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  // The first two bytes choose the cut; the rest is the text.
  const std::uint64_t n = size - 2;
  const std::uint8_t* in = data + 2;
  const std::uint64_t cut = n ? (std::uint64_t(data[0]) << 8 | data[1]) % (n + 1) : 0;
  std::vector<std::uint32_t> want(n + 1);
  want.resize(utf8::decode_reference(in, n, want.data()));
  const utf8::validation valid = utf8::validate_reference(in, n);
  check_path(isa::scalar, in, n, cut, want, valid);
#if PARPRIM_HAVE_UTF8_SIMD
  check_path(isa::sse2, in, n, cut, want, valid);
  if (host::utf8::best_isa() == isa::avx2) check_path(isa::avx2, in, n, cut, want, valid);
#endif
  // The same bytes as code points, for the encoder.
  std::vector<std::uint32_t> points(n / 4);
  if (!points.empty()) std::memcpy(points.data(), in, points.size() * 4);
  std::vector<std::uint8_t> expected(4 * points.size() + 1), got(4 * points.size() + 1);
  expected.resize(utf8::encode_reference(points.data(), points.size(), expected.data()));
  const std::uint64_t written = host::utf8::encode_stretch_on(host::utf8::best_isa(), points.data(),
                                                              points.size(), got.data());
  require(written == expected.size() && std::equal(expected.begin(), expected.end(), got.begin()));
  return 0;
}
