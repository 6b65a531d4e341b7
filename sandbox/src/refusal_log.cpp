#include "refusal_log.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "syscall_rules.hpp"

// The handler's own system call: `long parprim_sandbox_raw_syscall(nr, a0, ..., a5)`. The
// address after its `syscall` instruction is the one the filter lets watched calls pass from.
#if defined(__x86_64__)
extern "C" long parprim_sandbox_raw_syscall(long, long, long, long, long, long, long);
extern "C" char parprim_sandbox_raw_syscall_return[];
asm(R"(
  .text
  .p2align 4
  .globl parprim_sandbox_raw_syscall
  .hidden parprim_sandbox_raw_syscall
  .type parprim_sandbox_raw_syscall, @function
parprim_sandbox_raw_syscall:
  movq %rdi, %rax
  movq %rsi, %rdi
  movq %rdx, %rsi
  movq %rcx, %rdx
  movq %r8, %r10
  movq %r9, %r8
  movq 8(%rsp), %r9
  syscall
  .globl parprim_sandbox_raw_syscall_return
  .hidden parprim_sandbox_raw_syscall_return
parprim_sandbox_raw_syscall_return:
  ret
  .size parprim_sandbox_raw_syscall, .-parprim_sandbox_raw_syscall
)");
#endif

namespace parprim::sandbox::detail {
namespace {

// Everything below runs in a signal handler: fixed buffers, no allocation, no locks. A
// refusal already in the log only counts once more (a plugin retries on every run).
constexpr std::size_t entry_bytes = 320;
constexpr std::size_t log_entries = 128;
struct entry {
  std::atomic<bool> ready{false};
  std::atomic<std::uint64_t> times{0};
  char text[entry_bytes];
};
std::array<entry, log_entries> entries;
std::atomic<std::size_t> logged{0};
std::atomic<std::uint64_t> dropped{0};  // refusals not kept: the log was full

// A bounded string builder over a caller's buffer.
struct text_builder {
  char* out;
  std::size_t size, used = 0;
  text_builder& add(const char* s, std::size_t max = ~std::size_t(0)) {
    for (std::size_t i = 0; s && s[i] && i < max && used + 1 < size; ++i) out[used++] = s[i];
    out[used] = '\0';
    return *this;
  }
  text_builder& number(long v) {
    char digits[24];
    int k = 0;
    const bool negative = v < 0;
    unsigned long u =
        negative ? 0ul - static_cast<unsigned long>(v) : static_cast<unsigned long>(v);
    do digits[k++] = char('0' + u % 10);
    while ((u /= 10) != 0);
    if (negative) add("-");
    char one[2] = {0, 0};
    while (k > 0) {
      one[0] = digits[--k];
      add(one);
    }
    return *this;
  }
};

// The path a call named, made absolute the way the kernel read it: relative to `dirfd` (the
// working directory for AT_FDCWD).
void add_path(text_builder& t, long dirfd, const char* path) {
  if (!path) return;
  if (path[0] != '/') {
    char base[256];
    long n = -1;
    if (dirfd == AT_FDCWD) {
      n = syscall(SYS_getcwd, base, sizeof base);
      n = n > 0 ? long(strnlen(base, sizeof base)) : -1;
    } else {
      char link[40];
      text_builder l{link, sizeof link};
      l.add("/proc/self/fd/").number(dirfd);
      n = syscall(SYS_readlinkat, AT_FDCWD, link, base, sizeof base - 1);
    }
    if (n > 0) {
      base[n] = '\0';
      t.add(base).add(base[n - 1] == '/' ? "" : "/");
    }
  }
  t.add(path, 200);
}

const char* family_name(long family) {
  switch (family) {
    case AF_INET:
      return "AF_INET";
    case AF_INET6:
      return "AF_INET6";
    case AF_NETLINK:
      return "AF_NETLINK";
    case AF_PACKET:
      return "AF_PACKET";
    default:
      return nullptr;
  }
}

// A watched file call that came back EACCES or EPERM: Landlock denied it.
void log_denied_file_call(long nr, const long* a) {
  char buf[entry_bytes];
  text_builder t{buf, sizeof buf};
  auto opened = [&](long dirfd, const char* path, long flags) {
    const bool write = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0;
    t.add(write ? "write to " : "read of ");
    add_path(t, dirfd, path);
  };
  auto named = [&](const char* what, long dirfd, long path) {
    t.add(what);
    add_path(t, dirfd, reinterpret_cast<const char*>(path));
  };
  switch (nr) {
    case SYS_open:
      opened(AT_FDCWD, reinterpret_cast<const char*>(a[0]), a[1]);
      break;
    case SYS_creat:
      named("write to ", AT_FDCWD, a[0]);
      break;
    case SYS_openat:
      opened(a[0], reinterpret_cast<const char*>(a[1]), a[2]);
      break;
    case 437:  // openat2: the flags are the first field of struct open_how
      opened(a[0], reinterpret_cast<const char*>(a[1]),
             a[2] ? long(*reinterpret_cast<const unsigned long long*>(a[2])) : 0);
      break;
    case SYS_mkdir:
    case SYS_mknod:
      named("creation of ", AT_FDCWD, a[0]);
      break;
    case SYS_mkdirat:
    case SYS_mknodat:
      named("creation of ", a[0], a[1]);
      break;
    case SYS_rmdir:
    case SYS_unlink:
      named("removal of ", AT_FDCWD, a[0]);
      break;
    case SYS_unlinkat:
      named("removal of ", a[0], a[1]);
      break;
    case SYS_rename:
      named("rename of ", AT_FDCWD, a[0]);
      break;
    case SYS_renameat:
    case SYS_renameat2:
      named("rename of ", a[0], a[1]);
      break;
    case SYS_link:
      named("a link at ", AT_FDCWD, a[1]);
      break;
    case SYS_linkat:
      named("a link at ", a[2], a[3]);
      break;
    case SYS_symlink:
      named("a link at ", AT_FDCWD, a[1]);
      break;
    case SYS_symlinkat:
      named("a link at ", a[1], a[2]);
      break;
    case SYS_truncate:
      named("truncation of ", AT_FDCWD, a[0]);
      break;
    default:
      t.add("file system call ").number(nr);
  }
  t.add(" refused");
  log_refusal(buf);
}

// A call the filter refuses outright.
void log_refused_call(long nr, const long* a) {
  char buf[entry_bytes];
  text_builder t{buf, sizeof buf};
  const char* name = "?";
  bool network = false;
  for (const auto& c : refused_calls())
    if (c.nr == nr) {
      name = c.name;
      network = c.network;
      break;
    }
  if (nr == SYS_execve || nr == SYS_execveat) {
    t.add("exec of ");
    add_path(t, nr == SYS_execve ? AT_FDCWD : a[0],
             reinterpret_cast<const char*>(nr == SYS_execve ? a[0] : a[1]));
  } else if (nr == SYS_fork || nr == SYS_vfork || nr == SYS_clone) {
    t.add("process creation (").add(name).add(")");
  } else if (nr == SYS_socket) {
    t.add("network (a socket of family ");
    if (const char* f = family_name(a[0]))
      t.add(f);
    else
      t.number(a[0]);
    t.add(")");
  } else if (network) {
    t.add("network (").add(name).add(")");
  } else if (nr == SYS_kill || nr == SYS_tgkill || nr == SYS_rt_sigqueueinfo ||
             nr == SYS_rt_tgsigqueueinfo) {
    t.add("a signal to process ").number(a[0]);
  } else {
    t.add("system call ").add(name);
  }
  t.add(" refused");
  log_refusal(buf);
}

#if defined(__x86_64__)
// The kernel's view of a signal mask: the first 64 bits of the C library's sigset_t.
constexpr std::uint64_t signal_bit(int sig) {
  return std::uint64_t(1) << (sig - 1);
}
constexpr std::uint64_t never_blocked =
    signal_bit(SIGSYS) | signal_bit(SIGKILL) | signal_bit(SIGSTOP);

// rt_sigprocmask(how, set, oldset, size), answered on the mask the thread returns to from this
// handler (the kernel restores it from the saved context), with SIGSYS never blocked.
long emulate_sigprocmask(ucontext_t* uc, const long* a) {
  if (a[3] != long(sizeof(std::uint64_t))) return -EINVAL;
  std::uint64_t mask;
  std::memcpy(&mask, &uc->uc_sigmask, sizeof mask);
  const std::uint64_t old = mask;
  if (a[1]) {
    std::uint64_t set;
    std::memcpy(&set, reinterpret_cast<const void*>(a[1]), sizeof set);
    switch (a[0]) {
      case SIG_BLOCK:
        mask |= set;
        break;
      case SIG_UNBLOCK:
        mask &= ~set;
        break;
      case SIG_SETMASK:
        mask = set;
        break;
      default:
        return -EINVAL;
    }
  }
  if (a[2]) std::memcpy(reinterpret_cast<void*>(a[2]), &old, sizeof old);
  mask &= ~never_blocked;
  std::memcpy(&uc->uc_sigmask, &mask, sizeof mask);
  return 0;
}

// rt_sigaction(sig, act, oldact, size): made with SIGSYS left out of the new handler's mask;
// refused for SIGSYS itself.
long make_sigaction(const long* a) {
  if (a[0] == SIGSYS) {
    log_refusal("system call rt_sigaction of SIGSYS refused");
    return -EPERM;
  }
  struct kernel_action {  // the kernel's struct sigaction on x86-64
    void* handler;
    unsigned long flags;
    void* restorer;
    std::uint64_t mask;
  } act;
  const kernel_action* given = reinterpret_cast<const kernel_action*>(a[1]);
  if (given) {
    std::memcpy(&act, given, sizeof act);
    act.mask &= ~never_blocked;
  }
  return parprim_sandbox_raw_syscall(SYS_rt_sigaction, a[0], given ? long(&act) : 0, a[2], a[3], 0,
                                     0);
}
#endif

void on_sigsys(int, siginfo_t* info, void* context) {
#if defined(__x86_64__)
  const int saved_errno = errno;
  auto* uc = static_cast<ucontext_t*>(context);
  auto* regs = uc->uc_mcontext.gregs;
  const long nr = info->si_syscall;
  const long a[6] = {long(regs[REG_RDI]), long(regs[REG_RSI]), long(regs[REG_RDX]),
                     long(regs[REG_R10]), long(regs[REG_R8]),  long(regs[REG_R9])};
  long result;
  if (nr == SYS_rt_sigprocmask) {
    result = emulate_sigprocmask(uc, a);
  } else if (nr == SYS_rt_sigaction) {
    result = make_sigaction(a);
  } else if (is_watched(nr)) {
    result = parprim_sandbox_raw_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
    if (result == -EACCES || result == -EPERM) log_denied_file_call(nr, a);
  } else {
    result = -EPERM;
    log_refused_call(nr, a);
  }
  regs[REG_RAX] = result;
  errno = saved_errno;
#else
  (void)info;
  (void)context;
#endif
}

}  // namespace

void install_refusal_handler() {
  struct sigaction action {};
  action.sa_sigaction = on_sigsys;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGSYS, &action, nullptr) != 0)
    throw std::system_error(errno, std::generic_category(), "sigaction SIGSYS");
}

std::uint64_t handler_syscall_address() {
#if defined(__x86_64__)
  return reinterpret_cast<std::uint64_t>(parprim_sandbox_raw_syscall_return);
#else
  return 0;
#endif
}

void log_refusal(const char* text) {
  const std::size_t kept = std::min(logged.load(std::memory_order_acquire), log_entries);
  for (std::size_t i = 0; i < kept; ++i)
    if (entries[i].ready.load(std::memory_order_acquire) &&
        std::strncmp(entries[i].text, text, entry_bytes) == 0) {
      entries[i].times.fetch_add(1, std::memory_order_relaxed);
      return;
    }
  const std::size_t i = logged.fetch_add(1, std::memory_order_acq_rel);
  if (i >= log_entries) {
    dropped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  text_builder t{entries[i].text, entry_bytes};
  t.add(text);
  entries[i].times.store(1, std::memory_order_relaxed);
  entries[i].ready.store(true, std::memory_order_release);
}

std::vector<std::string> drain_refusals(std::size_t limit) {
  const std::size_t count = std::min(logged.load(std::memory_order_acquire), log_entries);
  std::vector<std::string> out;
  std::uint64_t more = dropped.exchange(0, std::memory_order_relaxed);
  for (std::size_t i = 0; i < count; ++i) {
    if (!entries[i].ready.load(std::memory_order_acquire)) continue;
    std::string text = entries[i].text;
    const std::uint64_t times = entries[i].times.exchange(0, std::memory_order_relaxed);
    entries[i].ready.store(false, std::memory_order_relaxed);
    if (times > 1) text += " (" + std::to_string(times) + " times)";
    if (out.size() < limit)
      out.push_back(std::move(text));
    else
      more += times;
  }
  logged.store(0, std::memory_order_release);
  if (more > 0) {
    if (out.size() == limit) out.pop_back(), ++more;
    out.push_back("and " + std::to_string(more) + " more refused calls");
  }
  return out;
}

}  // namespace parprim::sandbox::detail
