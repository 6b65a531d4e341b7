// The conformance suite's isolation (docs/isolation.md): each plugin file is tested in a child
// process of its own (this executable again, with --isolated-plugin FILE), so that a plugin
// that crashes, exits or hangs fails alone, named with the case it was running, and the others
// are still tested. Like ctest: one process per subject, a watchdog, the result recorded.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace parprim::conformance {

struct isolation_options {
  std::vector<std::string> forwarded_args;  // Catch2's own arguments, passed to every child
  double case_timeout_s = 60;               // one case may take this long before it is stopped
  bool require_available = false;           // no available plugin at all is then a failure
  // The sandbox of each child (docs/isolation.md, "The sandbox"), as the runner's workers have it.
  bool sandbox = true;
  bool require_sandbox = false;  // refuse to test where the kernel lacks Landlock or seccomp
  std::vector<std::string> network_plugins = {"nccl"};
  double cpu_time_s = 4 * 3600;  // one child tests every case of its plugin
};

/// Tests each file in a child and prints one line per plugin; returns the exit status.
int run_isolated(const std::filesystem::path& self, const std::vector<std::filesystem::path>& files,
                 const isolation_options& options);

/// Exit status of a child whose one plugin is unavailable here (it prints why).
inline constexpr int exit_unavailable = 4;
/// Exit status of a child whose tests failed (Catch2 has reported each failure).
inline constexpr int exit_tests_failed = 1;

/// In a child, before its plugin is loaded: enters the sandbox its parent set out (if any).
/// Returns false, having said why, when it cannot.
bool enter_sandbox(const std::filesystem::path& plugin);
/// In a child, at its end: one line per refusal of the sandbox.
void report_refusals(const std::filesystem::path& plugin);

/// In a child: notes the case about to run (plugin, variant, problem, distribution, n, seed),
/// so that the parent can name it if the child crashes or hangs in it.
void note_case(const std::string& text);

}  // namespace parprim::conformance
