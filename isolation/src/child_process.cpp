#include "parprim/isolation/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <thread>

extern char** environ;

namespace parprim::isolation {
namespace {

termination from_wait_status(int status) {
  if (WIFSIGNALED(status)) return {true, WTERMSIG(status)};
  return {false, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

// Everything between fork and exec must be async-signal-safe: plain system calls, no
// allocation. A failure is reported through the exit status 127, as a shell does.
[[noreturn]] void exec_child(const char* exe, char* const* argv, char* const* envp,
                             const std::vector<std::pair<int, int>>& fds, int output_fd,
                             int null_fd, pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before the line above took effect
  // Park every descriptor the child keeps above the target numbers first, so that moving one
  // into place can never overwrite another that still has to move.
  constexpr int parked_base = 1000;
  int highest_target = 2;
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (dup2(fds[i].first, parked_base + int(i)) < 0) _exit(127);
    if (fds[i].second > highest_target) highest_target = fds[i].second;
  }
  const int out = output_fd >= 0 ? dup2(output_fd, parked_base - 1) : -1;
  if (dup2(null_fd, 0) < 0) _exit(127);
  if (out >= 0 && (dup2(out, 1) < 0 || dup2(out, 2) < 0)) _exit(127);
  for (std::size_t i = 0; i < fds.size(); ++i)
    if (dup2(parked_base + int(i), fds[i].second) < 0) _exit(127);
  syscall(SYS_close_range, unsigned(highest_target + 1), ~0u, 0u);
  // The child gets default signal handling whatever this process had set.
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execve(exe, argv, envp);
  _exit(127);
}

}  // namespace

std::string signal_name(int signal) {
  if (const char* abbrev = sigabbrev_np(signal)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(signal);
}

std::string termination::describe() const {
  if (signaled) return "signal " + std::to_string(code) + " (" + signal_name(code) + ")";
  return "exited with status " + std::to_string(code);
}

child_process::child_process(const child_spec& spec) {
  // Everything the child needs is built before fork.
  std::vector<std::string> arg_text;
  arg_text.push_back(spec.executable.string());
  arg_text.insert(arg_text.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (auto& a : arg_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text;
  for (char** e = environ; e && *e; ++e) env_text.emplace_back(*e);
  env_text.insert(env_text.end(), spec.environment.begin(), spec.environment.end());
  std::vector<char*> envp;
  for (auto& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);

  const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd < 0) throw std::system_error(errno, std::generic_category(), "open /dev/null");
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    const int e = errno;
    close(null_fd);
    throw std::system_error(e, std::generic_category(), "fork");
  }
  if (pid == 0)
    exec_child(arg_text[0].c_str(), argv.data(), envp.data(), spec.fds, spec.output_fd, null_fd,
               parent);
  close(null_fd);
  // Set the group from this side too, so that kill() reaches it even if the child has not run
  // its first line yet (the race both calls close).
  setpgid(pid, pid);
  pid_ = pid;
}

child_process::child_process(child_process&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), ended_(std::exchange(other.ended_, std::nullopt)) {}

child_process& child_process::operator=(child_process&& other) noexcept {
  if (this != &other) {
    if (pid_ > 0 && !ended_) kill();
    pid_ = std::exchange(other.pid_, -1);
    ended_ = std::exchange(other.ended_, std::nullopt);
  }
  return *this;
}

child_process::~child_process() {
  if (pid_ > 0 && !ended_) kill();
}

std::optional<termination> child_process::try_wait() {
  if (ended_ || pid_ <= 0) return ended_;
  int status = 0;
  pid_t got;
  do got = waitpid(pid_, &status, WNOHANG);
  while (got < 0 && errno == EINTR);
  if (got == pid_) ended_ = from_wait_status(status);
  return ended_;
}

std::optional<termination> child_process::wait_for(std::chrono::duration<double> timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto pause = std::chrono::microseconds(200);
  while (!try_wait()) {
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  return ended_;
}

termination child_process::kill() {
  if (ended_ || pid_ <= 0) return ended_.value_or(termination{});
  ::kill(-pid_, SIGKILL);  // the group: whatever the plugin started goes too
  ::kill(pid_, SIGKILL);
  int status = 0;
  pid_t got;
  do got = waitpid(pid_, &status, 0);
  while (got < 0 && errno == EINTR);
  ended_ = got == pid_ ? from_wait_status(status) : termination{true, SIGKILL};
  return *ended_;
}

}  // namespace parprim::isolation
