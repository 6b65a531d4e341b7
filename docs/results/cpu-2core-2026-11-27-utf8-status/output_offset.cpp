// Is cpu_seq's AVX-512 decoder of well-formed emoji text slowed by 4K aliasing between its
// input loads and its output stores? The same text decoded into outputs whose offset from the
// input differs modulo 4096 bytes (docs/results/cpu-2core-2026-11-27-utf8-status/README.md).
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include output_offset.cpp
//     build/core/libparprim_core.a   (one command)
//   ./a.out ERROR_RATE [emoji|cjk]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "parprim/host/utf8/decode.hpp"
#include "parprim/utf8/text.hpp"
using namespace parprim;
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(1) << 26;
  const double errors = argc > 1 ? atof(argv[1]) : 0.0;
  const auto mix = argc > 2 && std::strcmp(argv[2], "cjk") == 0 ? utf8::text_mix::cjk : utf8::text_mix::emoji;
  const auto text = utf8::generate_text(mix, n, errors, 20261124);
  // Page-aligned input and output, the output shifted by `shift` bytes.
  auto* in = static_cast<std::uint8_t*>(std::aligned_alloc(4096, n + 4096));
  auto* out_base = static_cast<std::uint32_t*>(std::aligned_alloc(4096, 4 * n + 8192));
  std::memcpy(in, text.data(), n);
  std::memset(out_base, 0, 4 * n + 8192);
  const auto isa = host::utf8::best_isa();
  for (int shift : {0, 64, 256, 1024, 2048, 3072, 4032, 4092, 4}) {
    std::uint32_t* out = reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(out_base) + shift);
    double best = 1e9;
    for (int r = 0; r < 5; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      auto res = host::utf8::decode_stretch_on<host::utf8::decode_mode::write>(isa, in, 0, n, n, out);
      auto t1 = std::chrono::steady_clock::now();
      (void)res;
      best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::printf("output shifted by %4d bytes: %.2f ms\n", shift, best);
  }
}
