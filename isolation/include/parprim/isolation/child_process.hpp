// A child process with its own file descriptors, output and process group, and how it ended:
// the mechanics the runner and the conformance suite use to run untrusted plugin code where a
// crash, an exit or a hang costs only the child (docs/isolation.md).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace parprim::isolation {

/// How a child ended.
struct termination {
  bool signaled = false;  // killed by a signal (`code` is its number), else exited with `code`
  int code = 0;
  /// "exited with status 1", "signal 11 (SIGSEGV)".
  std::string describe() const;
};

/// "SIGSEGV" for 11; "signal 64" for a number without a name.
std::string signal_name(int signal);

struct child_spec {
  std::filesystem::path executable;
  std::vector<std::string> args;  // argv[1...]
  /// (descriptor here, number in the child): every other descriptor but 0, 1 and 2 is closed
  /// in the child.
  std::vector<std::pair<int, int>> fds;
  /// The child's stdout and stderr; -1 keeps this process's. Its stdin is /dev/null.
  int output_fd = -1;
  /// Extra environment entries ("NAME=value") on top of this process's environment.
  std::vector<std::string> environment;
};

class child_process {
 public:
  /// Starts the child in a process group of its own (so a Ctrl-C at the terminal reaches only
  /// this process, which then stops the child) that is killed when this process dies. Throws
  /// std::system_error when it cannot be started.
  explicit child_process(const child_spec& spec);
  child_process(child_process&& other) noexcept;
  child_process& operator=(child_process&& other) noexcept;
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;
  /// Kills and reaps the child if it still runs.
  ~child_process();

  pid_t pid() const { return pid_; }
  /// How it ended, without waiting; nothing while it runs.
  std::optional<termination> try_wait();
  /// Waits up to `timeout` for it to end.
  std::optional<termination> wait_for(std::chrono::duration<double> timeout);
  /// Kills its whole process group (SIGKILL) and reaps it.
  termination kill();

 private:
  pid_t pid_ = -1;
  std::optional<termination> ended_;
};

}  // namespace parprim::isolation
