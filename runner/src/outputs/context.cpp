#include "outputs/context.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>

#include "build_info.hpp"
#include "outputs/cpu_microarchitecture.hpp"
#include "parprim/host_cache_flush.hpp"
#include "support/host_memory.hpp"

namespace parprim::runner {
namespace {

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  return "unknown";
}

std::string first_line(const char* path) {
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);
  return line;
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

run_context collect_context(const plugin_registry& registry, const std::string& config_path,
                            const std::string& command_line) {
  run_context c;
  c.date = utc_now();
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  c.host = host;
  utsname u{};
  if (uname(&u) == 0) c.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
  c.cpu_model = cpu_model();
  c.cpu_microarchitecture = this_cpu_microarchitecture();
  c.cpu_threads = std::thread::hardware_concurrency();
  if (auto g = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"); !g.empty())
    c.cpu_governor = g;
  if (auto khz = first_line("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"); !khz.empty())
    c.cpu_max_mhz = std::stod(khz) / 1e3;
  c.last_level_cache_bytes = host_cache_flush::last_level_cache_bytes();
  c.memory_gib = double(host_memory_total().value_or(0)) / double(1ull << 30);
  c.compiler = build_info::compiler;
  c.build_type = build_info::build_type;
  c.git_revision = build_info::git_revision;
  c.parprim_version = build_info::version;
  c.config_path = config_path;
  c.command_line = command_line;
  for (const auto& fp : registry.plugins) {
    const plugin_summary& d = fp.summary;
    plugin_context pc;
    pc.name = d.name;
    pc.version = d.version;
    pc.path = d.path.string();
    pc.origin = fp.origin;
    pc.abi_version = d.abi_version;
    pc.available = d.available();
    pc.unavailable_reason = d.unavailable_reason.value_or("");
    pc.device = d.device;
    pc.memory_domain = d.domain == PARPRIM_DOMAIN_HOST ? "host" : "device";
    pc.timing = std::string(to_string(d.timing));
    for (const auto& v : d.variants)
      pc.variants +=
          (pc.variants.empty() ? "" : ", ") + std::string(to_string(v.operation)) + "/" + v.name;
    c.plugins.push_back(pc);
  }
  return c;
}

}  // namespace parprim::runner
