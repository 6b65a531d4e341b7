// Which CPU a host run measured, beyond its model name (a VM often says only "Intel(R) Xeon(R)
// Processor"): the vendor, family and model from /proc/cpuinfo, the microarchitecture where
// parprim knows the pair, and the x86-64 level its flags reach, so that a table read later says
// which code the plugins could choose (issue 35: the CPU sorts on every x86 they meet).
#pragma once

#include <string>
#include <string_view>

namespace parprim::runner {

/// From the text of /proc/cpuinfo (its first processor): for example "Zen 4 (AuthenticAMD
/// family 25 model 17), x86-64-v4 (AVX-512)" or "GenuineIntel family 6 model 99, x86-64-v3
/// (AVX2)"; "unknown" without the fields.
std::string cpu_microarchitecture(std::string_view cpuinfo);

/// The same for this machine.
std::string this_cpu_microarchitecture();

}  // namespace parprim::runner
