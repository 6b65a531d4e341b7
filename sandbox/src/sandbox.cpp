#include "parprim/sandbox/sandbox.hpp"

#include <linux/capability.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include "landlock_rules.hpp"
#include "refusal_log.hpp"
#include "syscall_filter.hpp"

namespace parprim::sandbox {
namespace {

bool assumed_missing(const std::string& piece) {
  const char* text = std::getenv("PARPRIM_SANDBOX_ASSUME_MISSING");
  if (!text) return false;
  const std::string list = std::string(",") + text + ",";
  return list.find("," + piece + ",") != std::string::npos;
}

void check(bool ok, const char* what) {
  if (!ok) throw std::system_error(errno, std::generic_category(), what);
}

// The threads of this process (Landlock restricts only the calling thread and those it starts).
int thread_count() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("Threads:")) return std::atoi(line.c_str() + 8);
  return 1;
}

// A root worker keeps uid 0 but no capability: no CAP_DAC_OVERRIDE past file modes, no
// CAP_SYS_ADMIN, none to get back (the bounding set is emptied too).
void drop_capabilities() {
  for (int cap = 0; cap <= 63; ++cap)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM)
      check(false, "prctl(PR_CAPBSET_DROP)");
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  check(syscall(SYS_capset, &header, data) == 0, "capset");
}

void limit_resources(const policy& p) {
  if (p.cpu_time_s > 0) {
    const auto soft = rlim_t(std::ceil(p.cpu_time_s));
    const rlimit cpu{soft, soft + 5};  // SIGXCPU at the soft limit, SIGKILL 5 s later
    check(setrlimit(RLIMIT_CPU, &cpu) == 0, "setrlimit(RLIMIT_CPU)");
  }
  const rlimit no_core{0, 0};  // a crashing plugin leaves no core file behind
  check(setrlimit(RLIMIT_CORE, &no_core) == 0, "setrlimit(RLIMIT_CORE)");
}

}  // namespace

std::string support::describe() const {
  std::string s;
  if (landlock_abi > 0) s = "Landlock ABI " + std::to_string(landlock_abi);
  if (seccomp) s += std::string(s.empty() ? "" : ", ") + "seccomp";
  return s.empty() ? "neither Landlock nor seccomp" : s;
}

std::vector<std::string> support::missing() const {
  std::vector<std::string> m;
  if (landlock_abi == 0) m.push_back("this kernel has no Landlock (no file system or TCP rules)");
  if (!seccomp) m.push_back("this kernel or build has no seccomp filter (no system call rules)");
  return m;
}

support kernel_support() {
  support s;
  s.landlock_abi = assumed_missing("landlock") ? 0 : detail::landlock_abi();
  s.seccomp = !assumed_missing("seccomp") && detail::syscall_filter_supported() &&
              prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
  return s;
}

std::string enter(const policy& p) {
  const support s = kernel_support();
  if (const int threads = thread_count(); threads != 1)
    throw std::system_error(EBUSY, std::generic_category(),
                            "the sandbox is entered with " + std::to_string(threads) +
                                " threads running (Landlock would hold only this one)");
  if (!std::filesystem::is_directory(p.scratch))
    throw std::system_error(ENOENT, std::generic_category(),
                            "the scratch folder " + p.scratch.string() + " is missing");
  limit_resources(p);
  drop_capabilities();
  check(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0, "prctl(PR_SET_NO_NEW_PRIVS)");
  if (s.landlock_abi > 0) detail::restrict_with_landlock(p, s.landlock_abi);
  if (s.seccomp) {
    detail::install_refusal_handler();
    detail::install_syscall_filter(p.network, detail::handler_syscall_address());
  }
  const std::string network = p.network ? ", network allowed" : "";
  if (s.landlock_abi == 0 && !s.seccomp) return "off (" + s.missing().front() + ")";
  if (!s.missing().empty())
    return "partial (" + s.describe() + network + "; " + s.missing().front() + ")";
  return "on (" + s.describe() + network + ")";
}

std::vector<std::string> take_refusals(std::size_t limit) {
  return detail::drain_refusals(limit);
}

}  // namespace parprim::sandbox
