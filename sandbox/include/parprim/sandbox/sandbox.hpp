// The sandbox a worker enters after it starts and before it loads a plugin (docs/isolation.md):
// Landlock keeps the file system read-only but for a scratch folder and refuses TCP, a seccomp
// filter refuses other sockets, exec, new processes, ptrace and a few system calls no plugin
// needs, the capabilities are dropped, no_new_privs is set and RLIMIT_CPU bounds its CPU time.
// What was refused is logged inside the worker and read back with take_refusals().
#pragma once

#include <string>
#include <vector>

#include "parprim/sandbox/policy.hpp"

namespace parprim::sandbox {

/// What this kernel offers. `PARPRIM_SANDBOX_ASSUME_MISSING=landlock` (or `seccomp`, or both,
/// comma-separated) makes it report that piece missing: how the tests reach the code path of
/// a kernel without it.
struct support {
  int landlock_abi = 0;  // 0: no Landlock
  bool seccomp = false;
  /// "Landlock ABI 7 and seccomp"; "seccomp only (this kernel has no Landlock)".
  std::string describe() const;
  /// The pieces missing, in words ("this kernel has no Landlock"); empty when complete.
  std::vector<std::string> missing() const;
};
support kernel_support();

/// Enters the sandbox (this thread; call it while the process has one thread) and returns
/// what it applied, as the records say it: "on (Landlock ABI 7, seccomp)". What the kernel
/// lacks is skipped. Throws std::system_error when a piece the kernel has cannot be applied.
std::string enter(const policy& p);

/// The refusals logged since the last call, in order, each once ("... refused (12 times)" when
/// the plugin kept trying): "write to /home/x refused",
/// "network (a socket of family AF_INET) refused". At most `limit`, the last entry then
/// saying how many more there were ("and 12 more refused calls").
std::vector<std::string> take_refusals(std::size_t limit = 20);

}  // namespace parprim::sandbox
