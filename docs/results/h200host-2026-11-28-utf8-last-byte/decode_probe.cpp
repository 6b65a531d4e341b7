// cpu_seq's AVX-512 block decoder on one thread: SIZE KiB of each mix (errors 0 and 1e-2)
// decoded REPS times, the best ns a byte; each output checked against the oracle first. 64 KiB
// stays in cache (the branch predictor may learn its blocks); 8 MiB (8192) does not.
//   g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include decode_probe.cpp
//     build/core/libparprim_core.a   (./a.out REPS SIZE_KIB)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "parprim/host/utf8/decode.hpp"
#include "parprim/utf8/reference.hpp"
#include "parprim/utf8/text.hpp"
using namespace parprim;
int main(int argc, char** argv) {
  const std::uint64_t n = std::uint64_t(argc > 2 ? std::atoi(argv[2]) : 64) << 10;
  const int reps = argc > 1 ? std::atoi(argv[1]) : 200;
  const auto isa = host::utf8::best_isa();
  std::printf("mix        errors  ns/byte (best of %d)\n", reps);
  for (auto mix : utf8::all_text_mixes) {
    for (double err : {0.0, 0.01}) {
      const auto text = utf8::generate_text(mix, n, err, 20261128);
      std::vector<std::uint32_t> out(n + 16), ref(n + 16);
      const auto want = utf8::decode_reference(text.data(), n, ref.data());
      const auto got = host::utf8::decode_stretch_on<host::utf8::decode_mode::write>(
          isa, text.data(), 0, n, n, out.data());
      if (got.units != want || std::memcmp(out.data(), ref.data(), 4 * want) != 0) {
        std::printf("MISMATCH %s %g: %llu vs %llu\n", std::string(utf8::to_string(mix)).c_str(), err,
                    (unsigned long long)got.units, (unsigned long long)want);
        return 1;
      }
      double best = 1e9;
      for (int r = 0; r < reps; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        auto res = host::utf8::decode_stretch_on<host::utf8::decode_mode::write>(
            isa, text.data(), 0, n, n, out.data());
        auto t1 = std::chrono::steady_clock::now();
        asm volatile("" : : "r"(res.units) : "memory");
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / n);
      }
      std::printf("%-9s  %-6g  %.3f\n", std::string(utf8::to_string(mix)).c_str(), err, best);
    }
  }
}
