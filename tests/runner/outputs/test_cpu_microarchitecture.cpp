// The context's CPU line: vendor, family and model read from /proc/cpuinfo's text, the
// microarchitecture named where parprim knows it, the x86-64 level from the flags.
#include <catch2/catch.hpp>

#include "outputs/cpu_microarchitecture.hpp"

using parprim::runner::cpu_microarchitecture;

namespace {

std::string cpuinfo(const char* vendor, int family, int model, const char* flags) {
  return std::string("processor\t: 0\nvendor_id\t: ") + vendor + "\ncpu family\t: " +
         std::to_string(family) + "\nmodel\t\t: " + std::to_string(model) +
         "\nmodel name\t: Some CPU\nstepping\t: 1\nflags\t\t: " + flags + "\n\nprocessor\t: 1\n";
}

const char* v2 = "fpu cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3";
const char* v3 = "fpu cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma abm movbe";
const char* v4 = "fpu cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma abm movbe "
                 "avx512f avx512bw avx512cd avx512dq avx512vl";

}  // namespace

TEST_CASE("cpu microarchitecture: the machines parprim met, named with their x86-64 level") {
  CHECK(cpu_microarchitecture(cpuinfo("AuthenticAMD", 25, 17, v4)) ==
        "Zen 4 (AuthenticAMD family 25 model 17), x86-64-v4 (AVX-512)");
  CHECK(cpu_microarchitecture(cpuinfo("AuthenticAMD", 26, 2, v4)) ==
        "Zen 5 (AuthenticAMD family 26 model 2), x86-64-v4 (AVX-512)");
  CHECK(cpu_microarchitecture(cpuinfo("AuthenticAMD", 25, 1, v3)) ==
        "Zen 3 (AuthenticAMD family 25 model 1), x86-64-v3 (AVX2)");
  CHECK(cpu_microarchitecture(cpuinfo("GenuineIntel", 6, 207, v4)) ==
        "Emerald Rapids (GenuineIntel family 6 model 207), x86-64-v4 (AVX-512)");
  CHECK(cpu_microarchitecture(cpuinfo("GenuineIntel", 6, 143, v4)) ==
        "Sapphire Rapids (GenuineIntel family 6 model 143), x86-64-v4 (AVX-512)");
}

TEST_CASE("cpu microarchitecture: an unknown model keeps its numbers, missing fields say so") {
  CHECK(cpu_microarchitecture(cpuinfo("GenuineIntel", 6, 99, v2)) ==
        "GenuineIntel family 6 model 99, x86-64-v2");
  CHECK(cpu_microarchitecture(cpuinfo("GenuineIntel", 6, 99, "fpu sse2")) ==
        "GenuineIntel family 6 model 99, x86-64");
  CHECK(cpu_microarchitecture("processor : 0\nmodel name : Some CPU\n") == "unknown");
  CHECK(cpu_microarchitecture("") == "unknown");
}
