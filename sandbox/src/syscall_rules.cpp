#include "syscall_rules.hpp"

#include <linux/sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <algorithm>
#include <array>

// Numbers that the C library's headers of a stock Debian 12 may not know yet (x86-64).
#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452
#endif
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif
#ifndef SYS_io_uring_setup
#define SYS_io_uring_setup 425
#define SYS_io_uring_enter 426
#define SYS_io_uring_register 427
#endif
#ifndef SYS_open_tree
#define SYS_open_tree 428
#define SYS_move_mount 429
#define SYS_fsopen 430
#define SYS_fsconfig 431
#define SYS_fsmount 432
#define SYS_fspick 433
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif

namespace parprim::sandbox::detail {
namespace {

constexpr std::uint64_t clone_allowed_bits =
    CLONE_THREAD | (sanitizer_build ? std::uint64_t(CLONE_UNTRACED) : 0);

using w = refuse_when;

const std::array refused = std::to_array<refused_call>({
    // New programs and processes: a worker runs its plugin and nothing else.
    {SYS_execve, "execve"},
    {SYS_execveat, "execveat"},
    {SYS_fork, "fork"},
    {SYS_vfork, "vfork"},
    {SYS_clone, "clone", w::bits_clear, 0, clone_allowed_bits},
    {SYS_unshare, "unshare"},
    {SYS_setns, "setns"},
    // Other processes.
    {SYS_ptrace, "ptrace", w::always, 0, 0, false, true},
    {SYS_process_vm_readv, "process_vm_readv"},
    {SYS_process_vm_writev, "process_vm_writev"},
    {SYS_pidfd_getfd, "pidfd_getfd"},
    {SYS_pidfd_send_signal, "pidfd_send_signal"},
    {SYS_kill, "kill", w::not_self_or_zero, 0},
    {SYS_tkill, "tkill"},
    {SYS_tgkill, "tgkill", w::not_self, 0},
    {SYS_rt_sigqueueinfo, "rt_sigqueueinfo", w::not_self, 0},
    {SYS_rt_tgsigqueueinfo, "rt_tgsigqueueinfo", w::not_self, 0},
    // The sandbox's limits stay (its SIGSYS handler stays too: see signal_calls()).
    {SYS_setrlimit, "setrlimit"},
    {SYS_prlimit64, "prlimit64", w::nonzero, 2},
    // io_uring's operations are not seen by seccomp (a connect through it would pass).
    {SYS_io_uring_setup, "io_uring_setup"},
    {SYS_io_uring_enter, "io_uring_enter"},
    {SYS_io_uring_register, "io_uring_register"},
    // File attributes, which Landlock does not govern.
    {SYS_chmod, "chmod"},
    {SYS_fchmod, "fchmod"},
    {SYS_fchmodat, "fchmodat"},
    {SYS_fchmodat2, "fchmodat2"},
    {SYS_chown, "chown"},
    {SYS_fchown, "fchown"},
    {SYS_lchown, "lchown"},
    {SYS_fchownat, "fchownat"},
    {SYS_setxattr, "setxattr"},
    {SYS_lsetxattr, "lsetxattr"},
    {SYS_fsetxattr, "fsetxattr"},
    {SYS_removexattr, "removexattr"},
    {SYS_lremovexattr, "lremovexattr"},
    {SYS_fremovexattr, "fremovexattr"},
    {SYS_name_to_handle_at, "name_to_handle_at"},
    {SYS_open_by_handle_at, "open_by_handle_at"},
    // The machine's state: mounts, modules, clocks, keys, kernel programs.
    {SYS_mount, "mount"},
    {SYS_umount2, "umount2"},
    {SYS_pivot_root, "pivot_root"},
    {SYS_chroot, "chroot"},
    {SYS_open_tree, "open_tree"},
    {SYS_move_mount, "move_mount"},
    {SYS_fsopen, "fsopen"},
    {SYS_fsconfig, "fsconfig"},
    {SYS_fsmount, "fsmount"},
    {SYS_fspick, "fspick"},
    {SYS_mount_setattr, "mount_setattr"},
    {SYS_init_module, "init_module"},
    {SYS_finit_module, "finit_module"},
    {SYS_delete_module, "delete_module"},
    {SYS_kexec_load, "kexec_load"},
    {SYS_kexec_file_load, "kexec_file_load"},
    {SYS_reboot, "reboot"},
    {SYS_swapon, "swapon"},
    {SYS_swapoff, "swapoff"},
    {SYS_acct, "acct"},
    {SYS_settimeofday, "settimeofday"},
    {SYS_clock_settime, "clock_settime"},
    {SYS_adjtimex, "adjtimex"},
    {SYS_clock_adjtime, "clock_adjtime"},
    {SYS_sethostname, "sethostname"},
    {SYS_setdomainname, "setdomainname"},
    {SYS_iopl, "iopl"},
    {SYS_ioperm, "ioperm"},
    {SYS_quotactl, "quotactl"},
    {SYS_bpf, "bpf"},
    {SYS_perf_event_open, "perf_event_open"},
    {SYS_userfaultfd, "userfaultfd"},
    {SYS_keyctl, "keyctl"},
    {SYS_add_key, "add_key"},
    {SYS_request_key, "request_key"},
    // The network: Unix sockets only (Landlock refuses TCP besides, where it can). A socket
    // can only come from socket() or socketpair() (a worker inherits none), so connect, bind
    // and listen then reach Unix sockets alone, which the CUDA driver uses within the process:
    // refusing them makes every CUDA plugin unavailable (seen on the H100).
    {SYS_socket, "socket", w::not_equal, 0, AF_UNIX, true},
});

const std::array watched = std::to_array<long>({
    SYS_open,    SYS_creat,  SYS_openat,  SYS_openat2,   SYS_mkdir,    SYS_mkdirat,  SYS_mknod,
    SYS_mknodat, SYS_rmdir,  SYS_unlink,  SYS_unlinkat,  SYS_rename,   SYS_renameat, SYS_renameat2,
    SYS_link,    SYS_linkat, SYS_symlink, SYS_symlinkat, SYS_truncate,
});

}  // namespace

std::span<const refused_call> refused_calls() {
  return refused;
}
std::span<const long> watched_calls() {
  return watched;
}
bool is_watched(long nr) {
  return std::find(watched.begin(), watched.end(), nr) != watched.end();
}
std::span<const long> signal_calls() {
  static constexpr long calls[] = {SYS_rt_sigprocmask, SYS_rt_sigaction};
  return calls;
}
long silent_enosys_call() {
  return SYS_clone3;
}

}  // namespace parprim::sandbox::detail
