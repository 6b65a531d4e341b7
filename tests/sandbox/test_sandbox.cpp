// The sandbox from inside: a forked child enters it, tries one thing, and reports what came of
// it and what the sandbox logged. Every refusal here is also tried without the sandbox (or with
// the piece that refuses it missing), so that each test can fail.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "loopback_listener.hpp"
#include "parprim/sandbox/sandbox.hpp"

namespace fs = std::filesystem;
namespace sb = parprim::sandbox;

namespace {

struct child_report {
  std::string said;  // what the body returned
  std::vector<std::string> refusals;
  std::string sandbox;  // what enter() said
  int status = 0;       // waitpid's
};

// Forks; the child sets `environment`, enters the sandbox (unless `enter` is false), runs
// `body` and sends back its answer and the refusals logged.
child_report run_sandboxed(const sb::policy& p, const std::function<std::string()>& body,
                           bool enter = true, const char* assume_missing = nullptr) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    std::string out;
    try {
      if (assume_missing) setenv("PARPRIM_SANDBOX_ASSUME_MISSING", assume_missing, 1);
      out = (enter ? sb::enter(p) : std::string("not entered")) + "\n";
      out += body() + "\n";
      for (const auto& r : sb::take_refusals()) out += r + "\n";
    } catch (const std::exception& e) {
      out = std::string("exception: ") + e.what() + "\n";
    }
    const ssize_t w = write(fds[1], out.data(), out.size());
    _exit(w == ssize_t(out.size()) ? 0 : 1);
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) text.append(buf, std::size_t(n));
  close(fds[0]);
  child_report r;
  waitpid(pid, &r.status, 0);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  if (!lines.empty()) r.sandbox = lines[0];
  if (lines.size() > 1) r.said = lines[1];
  for (std::size_t i = 2; i < lines.size(); ++i) r.refusals.push_back(lines[i]);
  return r;
}

// A folder standing for the user's home, and the scratch folder of one worker.
struct folders {
  fs::path home = fs::temp_directory_path() / ("parprim-test-home-" + std::to_string(getpid()));
  sb::scratch_folder scratch;
  sb::policy policy;
  folders() {
    fs::create_directories(home);
    std::ofstream(home / "secret") << "the secret";
    policy.scratch = scratch.path();
  }
  ~folders() {
    std::error_code ec;
    fs::remove_all(home, ec);
  }
};

std::string errno_after(int rc) {
  return rc < 0 ? std::strerror(errno) : "done";
}

std::string write_file(const fs::path& path) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return std::strerror(errno);
  const ssize_t w = write(fd, "x", 1);
  close(fd);
  return w == 1 ? "written" : "short write";
}

std::string read_file(const fs::path& path) {
  std::ifstream f(path);
  if (!f) return std::string("cannot open: ") + std::strerror(errno);
  std::string s;
  std::getline(f, s);
  return s;
}

bool has(const std::vector<std::string>& list, const std::string& text) {
  for (const auto& s : list)
    if (s == text) return true;
  return false;
}

}  // namespace

TEST_CASE("sandbox: this machine's kernel has Landlock and seccomp") {
  const sb::support s = sb::kernel_support();
  INFO(s.describe());
  CHECK(s.landlock_abi >= 6);
  CHECK(s.seccomp);
}

TEST_CASE("sandbox: a policy reaches a worker through its environment") {
  sb::policy p;
  p.scratch = "/tmp/x y";
  p.readable = {"/opt/plugins", "/data"};
  p.network = true;
  p.cpu_time_s = 12.5;
  const std::string entry = sb::environment_entry(p);
  REQUIRE(entry.starts_with(std::string(sb::policy_variable) + "="));
  setenv(sb::policy_variable, entry.substr(entry.find('=') + 1).c_str(), 1);
  const auto back = sb::policy_from_environment();
  REQUIRE(back);
  CHECK(back->scratch == p.scratch);
  CHECK(back->readable == p.readable);
  CHECK(back->network);
  CHECK(back->cpu_time_s == 12.5);
  setenv(sb::policy_variable, "{\"scratch\": 3}", 1);
  CHECK_THROWS_WITH(sb::policy_from_environment(), Catch::Contains("is not a sandbox policy"));
  unsetenv(sb::policy_variable);
  CHECK_FALSE(sb::policy_from_environment());
  // Where the worker's libraries put their files: in the scratch folder (the CUDA driver's
  // compute cache went to the password file's home, /root/.nv, on the H100, and was refused).
  const auto environment = sb::worker_environment(p);
  for (const char* wanted : {"TMPDIR=/tmp/x y", "HOME=/tmp/x y", "XDG_CACHE_HOME=/tmp/x y",
                             "CUDA_CACHE_PATH=/tmp/x y/cuda-cache"})
    CHECK(std::count(environment.begin(), environment.end(), wanted) == 1);
}

TEST_CASE("sandbox: a write outside the scratch folder is refused and named, inside it passes") {
  folders f;
  const fs::path target = f.home / "planted";
  auto r = run_sandboxed(
      f.policy, [&] { return write_file(target) + " / " + write_file(f.scratch.path() / "mine"); });
  INFO(r.sandbox);
  CHECK(r.sandbox.starts_with("on (Landlock ABI"));
  CHECK(r.said == std::string(std::strerror(EACCES)) + " / written");
  CHECK(has(r.refusals, "write to " + target.string() + " refused"));
  CHECK(r.refusals.size() == 1);
  CHECK_FALSE(fs::exists(target));
  // The same child without the sandbox writes it: the refusal above is the sandbox's.
  auto unsandboxed = run_sandboxed(
      f.policy, [&] { return write_file(target); }, false);
  CHECK(unsandboxed.said == "written");
  CHECK(fs::exists(target));
}

TEST_CASE("sandbox: a relative path is named as the kernel resolved it") {
  folders f;
  auto r = run_sandboxed(f.policy, [&] {
    const int dir = open(f.home.c_str(), O_PATH | O_DIRECTORY);
    const int fd = openat(dir, "relative", O_WRONLY | O_CREAT, 0644);
    return errno_after(fd);
  });
  CHECK(r.said == std::strerror(EACCES));
  CHECK(has(r.refusals, "write to " + (f.home / "relative").string() + " refused"));
}

TEST_CASE("sandbox: reading the user's files is refused, the system's libraries stay readable") {
  folders f;
  auto r = run_sandboxed(f.policy, [&] {
    return read_file(f.home / "secret") + " / " +
           (fs::exists("/usr/lib") && !fs::is_empty("/usr/lib") ? "usr listed" : "usr not listed");
  });
  CHECK(r.said == std::string("cannot open: ") + std::strerror(EACCES) + " / usr listed");
  CHECK(has(r.refusals, "read of " + (f.home / "secret").string() + " refused"));
  auto unsandboxed = run_sandboxed(
      f.policy, [&] { return read_file(f.home / "secret"); }, false);
  CHECK(unsandboxed.said == "the secret");
}

TEST_CASE("sandbox: the parent's environment is out of reach through /proc") {
  folders f;
  const std::string environ_file = "/proc/" + std::to_string(getpid()) + "/environ";
  auto r =
      run_sandboxed(f.policy, [&] { return errno_after(open(environ_file.c_str(), O_RDONLY)); });
  CHECK(r.said == std::strerror(EACCES));
  CHECK(has(r.refusals, "read of " + environ_file + " refused"));
  auto unsandboxed = run_sandboxed(
      f.policy, [&] { return errno_after(open(environ_file.c_str(), O_RDONLY)); }, false);
  CHECK(unsandboxed.said == "done");
}

TEST_CASE("sandbox: sockets other than Unix ones are refused, socket pairs and threads work") {
  folders f;
  auto r = run_sandboxed(f.policy, [&] {
    int pair[2];
    std::string s = errno_after(socket(AF_INET, SOCK_STREAM, 0)) + " / " +
                    errno_after(socketpair(AF_UNIX, SOCK_STREAM, 0, pair));
    int value = 0;
    std::thread([&] { value = 7; }).join();
    return s + " / thread " + std::to_string(value);
  });
  CHECK(r.said == std::string(std::strerror(EPERM)) + " / done / thread 7");
  CHECK(has(r.refusals, "network (a socket of family AF_INET) refused"));
  f.policy.network = true;  // a plugin named in isolation.network
  auto allowed =
      run_sandboxed(f.policy, [&] { return errno_after(socket(AF_INET, SOCK_STREAM, 0)); });
  CHECK(allowed.said == "done");
  CHECK(allowed.sandbox.find("network allowed") != std::string::npos);
}

// An abstract Unix socket (a name, no file) of a process outside the sandbox is out of reach
// (Landlock's scope, ABI 6); the worker's own, which the CUDA driver makes, work.
TEST_CASE("sandbox: abstract Unix sockets outside the sandbox are refused, its own work") {
  folders f;
  auto abstract_address = [](const std::string& name) {
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::memcpy(a.sun_path + 1, name.data(), name.size());  // sun_path[0] == 0: abstract
    return std::pair{a, socklen_t(offsetof(sockaddr_un, sun_path) + 1 + name.size())};
  };
  const std::string outside_name = "parprim-test-outside-" + std::to_string(getpid());
  const auto [outside, outside_size] = abstract_address(outside_name);
  const int listening = socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(bind(listening, reinterpret_cast<const sockaddr*>(&outside), outside_size) == 0);
  REQUIRE(listen(listening, 4) == 0);
  auto connect_to = [](const sockaddr_un& a, socklen_t size) {
    const int s = socket(AF_UNIX, SOCK_STREAM, 0);
    const std::string said = errno_after(connect(s, reinterpret_cast<const sockaddr*>(&a), size));
    close(s);
    return said;
  };
  auto r = run_sandboxed(f.policy, [&] {
    const auto [own, own_size] = abstract_address("parprim-test-own-" + std::to_string(getpid()));
    const int mine = socket(AF_UNIX, SOCK_STREAM, 0);
    std::string said = connect_to(outside, outside_size) + " / ";
    said += errno_after(bind(mine, reinterpret_cast<const sockaddr*>(&own), own_size)) + " ";
    said += errno_after(listen(mine, 1)) + " ";
    return said + connect_to(own, own_size);
  });
  CHECK(r.said == std::string(std::strerror(EPERM)) + " / done done done");
  auto unsandboxed = run_sandboxed(
      f.policy, [&] { return connect_to(outside, outside_size); }, false);
  CHECK(unsandboxed.said == "done");
  close(listening);
}

TEST_CASE("sandbox: without seccomp, Landlock still refuses a TCP connect") {
  folders f;
  parprim::test::loopback_listener listener;
  sockaddr_in addr = listener.address;
  auto connect_once = [&] {
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return std::string("socket: ") + std::strerror(errno);
    return errno_after(connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr));
  };
  auto r = run_sandboxed(f.policy, connect_once, true, "seccomp");
  CHECK(r.sandbox.starts_with("partial (Landlock ABI"));
  CHECK(r.said == std::strerror(EACCES));
  auto unsandboxed = run_sandboxed(f.policy, connect_once, false);
  CHECK(unsandboxed.said == "done");
}

TEST_CASE("sandbox: exec, fork, ptrace and signals to others are refused and named") {
  folders f;
  auto r = run_sandboxed(f.policy, [&] {
    char* argv[] = {const_cast<char*>("/bin/sh"), const_cast<char*>("-c"),
                    const_cast<char*>("true"), nullptr};
    std::string s = errno_after(execv("/bin/sh", argv));
    const pid_t child = fork();
    if (child == 0) _exit(0);
    s += " / " + errno_after(child);
    s += " / " + errno_after(kill(getppid(), SIGCONT));
    return s;
  });
  CHECK(r.said == std::string(std::strerror(EPERM)) + " / " + std::strerror(EPERM) + " / " +
                      std::strerror(EPERM));
  CHECK(has(r.refusals, "exec of /bin/sh refused"));
  CHECK(has(r.refusals, "process creation (clone) refused"));
  CHECK(has(r.refusals, "a signal to process " + std::to_string(getpid()) + " refused"));
}

TEST_CASE("sandbox: the plugin cannot take the SIGSYS handler or raise its limits") {
  folders f;
  f.policy.cpu_time_s = 100;
  auto r = run_sandboxed(f.policy, [&] {
    struct sigaction a {};
    a.sa_handler = SIG_DFL;
    std::string s = errno_after(sigaction(SIGSYS, &a, nullptr));
    rlimit cpu{RLIM_INFINITY, RLIM_INFINITY};
    s += " / " + errno_after(setrlimit(RLIMIT_CPU, &cpu));
    getrlimit(RLIMIT_CPU, &cpu);
    return s + " / " + std::to_string(cpu.rlim_cur);
  });
  CHECK(r.said == std::string(std::strerror(EPERM)) + " / " + std::strerror(EPERM) + " / 100");
  CHECK(has(r.refusals, "system call rt_sigaction of SIGSYS refused"));
}

TEST_CASE(
    "sandbox: a thread that blocks every signal still has its file calls judged, not killed") {
  folders f;
  const fs::path target = f.home / "from_blocked_thread";
  auto r = run_sandboxed(f.policy, [&] {
    std::string s;
    std::thread([&] {
      sigset_t all, now;
      sigfillset(&all);
      pthread_sigmask(SIG_SETMASK, &all, nullptr);
      pthread_sigmask(SIG_SETMASK, nullptr, &now);
      s = write_file(target) +
          (sigismember(&now, SIGSYS) ? " / SIGSYS blocked" : " / SIGSYS open") +
          (sigismember(&now, SIGUSR1) ? ", SIGUSR1 blocked" : ", SIGUSR1 open");
    }).join();
    return s;
  });
  CHECK(WIFEXITED(r.status));
  CHECK(r.said == std::string(std::strerror(EACCES)) + " / SIGSYS open, SIGUSR1 blocked");
  CHECK(has(r.refusals, "write to " + target.string() + " refused"));
}

TEST_CASE("sandbox: the CPU time limit stops a worker that spins past it") {
  folders f;
  f.policy.cpu_time_s = 1;
  auto r = run_sandboxed(f.policy, [] {
    volatile unsigned long x = 0;
    for (;;) x = x + 1;
    return std::string("never");
  });
  REQUIRE(WIFSIGNALED(r.status));
  CHECK(WTERMSIG(r.status) == SIGXCPU);
}

TEST_CASE("sandbox: without Landlock the run goes on and says so") {
  folders f;
  const fs::path target = f.home / "planted";
  auto r = run_sandboxed(
      f.policy, [&] { return write_file(target); }, true, "landlock");
  CHECK(r.sandbox ==
        "partial (seccomp; this kernel has no Landlock (no file system or TCP rules))");
  CHECK(r.said == "written");
  auto none = run_sandboxed(
      f.policy, [] { return std::string("ran"); }, true, "landlock,seccomp");
  CHECK(none.sandbox.starts_with("off (this kernel has no Landlock"));
  CHECK(none.said == "ran");
}

TEST_CASE("sandbox: the log keeps each refusal once and counts what it could not keep") {
  folders f;
  auto r = run_sandboxed(f.policy, [&] {
    for (int i = 0; i < 3; ++i) (void)write_file(f.home / "same");
    for (int i = 0; i < 30; ++i) (void)write_file(f.home / ("file" + std::to_string(i)));
    return std::string("tried");
  });
  REQUIRE(r.refusals.size() == 20);
  CHECK(r.refusals[0] == "write to " + (f.home / "same").string() + " refused (3 times)");
  CHECK(r.refusals[1] == "write to " + (f.home / "file0").string() + " refused");
  CHECK(r.refusals[19] == "and 12 more refused calls");
}

// The CUDA driver names its threads by opening /proc/self/task/TID/comm for writing with
// O_TRUNC (as fopen's "w" does): refused, cuInit fails with cudaErrorOperatingSystem (seen on
// the H100). Landlock then needs both write_file and truncate on the worker's own /proc/PID.
TEST_CASE("sandbox: a new thread names itself through /proc as the CUDA driver does") {
  folders f;
  const auto r = run_sandboxed(f.policy, [] {
    std::string said;
    std::thread([&] {
      const std::string path = "/proc/self/task/" + std::to_string(gettid()) + "/comm";
      const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) {
        said = std::string("open: ") + std::strerror(errno);
        return;
      }
      said = write(fd, "named", 5) == 5 ? "written" : std::string("write: ") + std::strerror(errno);
      close(fd);
      said += ", now " + read_file(path);
    }).join();
    return said;
  });
  INFO(r.sandbox);
  const std::string first_refusal = r.refusals.empty() ? "no refusal" : r.refusals.front();
  INFO(first_refusal);
  CHECK(r.said == "written, now named");
  CHECK(r.refusals.empty());
  // Another process's threads stay out of reach.
  const auto other = run_sandboxed(f.policy, [] {
    const int fd = open("/proc/1/comm", O_WRONLY | O_TRUNC);
    return fd < 0 ? std::string(std::strerror(errno)) : std::string("opened");
  });
  CHECK(other.said == "Permission denied");
}
