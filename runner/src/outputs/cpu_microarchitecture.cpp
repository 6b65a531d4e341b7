#include "outputs/cpu_microarchitecture.hpp"

#include <fstream>
#include <set>
#include <sstream>

namespace parprim::runner {
namespace {

/// The value of the first line of `cpuinfo` whose key is `key` ("" when none).
std::string field(std::string_view cpuinfo, std::string_view key) {
  std::istringstream lines{std::string(cpuinfo)};
  for (std::string line; std::getline(lines, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    if (name == key) return colon + 2 <= line.size() ? line.substr(colon + 2) : "";
  }
  return "";
}

/// The machines parprim has been measured on, and their neighbours: (vendor, family, model).
std::string name_of(const std::string& vendor, int family, int model) {
  if (vendor == "AuthenticAMD") {
    if (family == 0x1A) return "Zen 5";
    if (family == 0x19)
      return (model >= 0x10 && model <= 0x1F) || (model >= 0x60 && model <= 0xAF) ? "Zen 4"
                                                                                 : "Zen 3";
    if (family == 0x17) return "Zen 2 or earlier Zen";
  }
  if (vendor == "GenuineIntel" && family == 6) {
    switch (model) {
      case 0x55: return "Skylake-SP or Cascade Lake";
      case 0x6A: case 0x6C: return "Ice Lake-SP";
      case 0x8F: return "Sapphire Rapids";
      case 0xCF: return "Emerald Rapids";
      case 0xAD: case 0xAE: return "Granite Rapids";
      default: break;
    }
  }
  return "";
}

/// The highest x86-64 microarchitecture level the flags reach (the psABI's levels).
std::string level_of(const std::string& flags_text) {
  std::set<std::string> flags;
  std::istringstream words(flags_text);
  for (std::string w; words >> w;) flags.insert(w);
  auto all = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (!flags.count(n)) return false;
    return true;
  };
  if (flags.empty()) return "";
  if (!all({"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"})) return "x86-64";
  if (!all({"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe"})) return "x86-64-v2";
  if (!all({"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"})) return "x86-64-v3 (AVX2)";
  return "x86-64-v4 (AVX-512)";
}

}  // namespace

std::string cpu_microarchitecture(std::string_view cpuinfo) {
  const std::string vendor = field(cpuinfo, "vendor_id"), family = field(cpuinfo, "cpu family"),
                    model = field(cpuinfo, "model");
  if (vendor.empty() || family.empty() || model.empty()) return "unknown";
  int f = 0, m = 0;
  try {
    f = std::stoi(family);
    m = std::stoi(model);
  } catch (const std::exception&) {
    return "unknown";
  }
  const std::string id = vendor + " family " + family + " model " + model;
  const std::string name = name_of(vendor, f, m);
  const std::string level = level_of(field(cpuinfo, "flags"));
  return (name.empty() ? id : name + " (" + id + ")") + (level.empty() ? "" : ", " + level);
}

std::string this_cpu_microarchitecture() {
  std::ifstream f("/proc/cpuinfo");
  std::stringstream text;
  text << f.rdbuf();
  return cpu_microarchitecture(text.str());
}

}  // namespace parprim::runner
