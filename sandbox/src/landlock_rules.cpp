#include "landlock_rules.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

namespace parprim::sandbox::detail {
namespace {

// Landlock's interface (linux/landlock.h), written out here because the headers of a stock
// Debian 12 (Linux 6.1) know only its first version. The values are the kernel's ABI.
#ifndef SYS_landlock_create_ruleset
constexpr long SYS_landlock_create_ruleset = 444;
constexpr long SYS_landlock_add_rule = 445;
constexpr long SYS_landlock_restrict_self = 446;
#endif
constexpr std::uint32_t create_ruleset_version = 1u << 0;
constexpr int rule_path_beneath = 1;

struct ruleset_attr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;  // ABI 4
  std::uint64_t scoped;              // ABI 6
};
struct __attribute__((packed)) path_beneath_attr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
};

namespace fs_right {
constexpr std::uint64_t execute = 1u << 0, write_file = 1u << 1, read_file = 1u << 2,
                        read_dir = 1u << 3, remove_dir = 1u << 4, remove_file = 1u << 5,
                        make_char = 1u << 6, make_dir = 1u << 7, make_reg = 1u << 8,
                        make_sock = 1u << 9, make_fifo = 1u << 10, make_block = 1u << 11,
                        make_sym = 1u << 12, refer = 1u << 13, truncate = 1u << 14,
                        ioctl_dev = 1u << 15;
}
constexpr std::uint64_t net_bind_tcp = 1u << 0, net_connect_tcp = 1u << 1;
constexpr std::uint64_t scope_abstract_unix_socket = 1u << 0, scope_signal = 1u << 1;

// The rights each ABI version can handle.
std::uint64_t handled_fs(int abi) {
  std::uint64_t r = (1u << 13) - 1;  // ABI 1: execute ... make_sym
  if (abi >= 2) r |= fs_right::refer;
  if (abi >= 3) r |= fs_right::truncate;
  if (abi >= 5) r |= fs_right::ioctl_dev;
  return r;
}
// The rights that apply to a file (not a folder); a rule on a file may hold only these.
constexpr std::uint64_t file_rights = fs_right::execute | fs_right::write_file |
                                      fs_right::read_file | fs_right::truncate |
                                      fs_right::ioctl_dev;

constexpr std::uint64_t read_only = fs_right::read_file | fs_right::read_dir;
constexpr std::uint64_t read_write_device = fs_right::read_file | fs_right::write_file;
constexpr std::uint64_t gpu_device = read_write_device | fs_right::ioctl_dev | fs_right::read_dir;

struct rule {
  std::string path;
  std::uint64_t rights;
};

// What a worker reads without being told: the dynamic loader's files and the system's
// libraries (the CUDA toolkit is under /usr/local), process and device information.
std::vector<rule> system_rules() {
  std::vector<rule> r;
  for (const char* p :
       {"/usr", "/lib", "/lib64", "/lib32", "/libx32", "/etc/ld.so.cache", "/etc/ld.so.conf",
        "/etc/ld.so.conf.d", "/etc/localtime", "/etc/nccl.conf", "/proc", "/sys"})
    r.push_back({p, read_only});
  // The worker's own /proc/PID, writable: the CUDA driver names its threads by opening
  // /proc/self/task/TID/comm with O_TRUNC, and cuInit fails when refused. Other processes'
  // entries stay read-only (the rule hangs on this process's /proc/PID).
  r.push_back({"/proc/self", read_only | fs_right::write_file | fs_right::truncate});
  r.push_back({"/dev", fs_right::read_dir});  // its listing only
  for (const char* p : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"})
    r.push_back({p, read_write_device});
  // The NVIDIA driver's device files: nvidiactl, nvidia0..., nvidia-uvm, nvidia-caps/.
  if (DIR* d = opendir("/dev")) {
    while (const dirent* e = readdir(d))
      if (std::string(e->d_name).starts_with("nvidia"))
        r.push_back({std::string("/dev/") + e->d_name, gpu_device});
    closedir(d);
  }
  return r;
}

std::string folder_of(const std::string& file) {
  const auto slash = file.rfind('/');
  return slash == std::string::npos || slash == 0 ? std::string("/") : file.substr(0, slash);
}

// The folders of every library this process has loaded (the runner's own, a bundle's lib/),
// and of LD_LIBRARY_PATH: what a plugin's libraries are found beside.
std::vector<rule> library_rules() {
  std::vector<rule> r;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        if (info->dlpi_name && info->dlpi_name[0] == '/')
          static_cast<std::vector<rule>*>(out)->push_back({folder_of(info->dlpi_name), read_only});
        return 0;
      },
      &r);
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) r.push_back({folder_of(std::string(exe, std::size_t(n))), read_only});
  if (const char* paths = std::getenv("LD_LIBRARY_PATH")) {
    std::string all = paths;
    for (std::size_t start = 0; start <= all.size();) {
      const auto end = std::min(all.find(':', start), all.size());
      if (end > start && all[start] == '/')
        r.push_back({all.substr(start, end - start), read_only});
      start = end + 1;
    }
  }
  return r;
}

void add_rule(int ruleset, const rule& r, std::uint64_t handled) {
  const int fd = open(r.path.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) return;  // absent here (/lib32, /etc/nccl.conf): nothing to allow
  struct stat st {};
  std::uint64_t rights = r.rights & handled;
  if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rights &= file_rights;
  const path_beneath_attr attr{rights, fd};
  const long rc = rights ? syscall(SYS_landlock_add_rule, ruleset, rule_path_beneath, &attr, 0) : 0;
  const int e = errno;
  close(fd);
  if (rc != 0) throw std::system_error(e, std::generic_category(), "landlock_add_rule " + r.path);
}

}  // namespace

int landlock_abi() {
  const long v = syscall(SYS_landlock_create_ruleset, nullptr, 0, create_ruleset_version);
  return v > 0 ? int(v) : 0;
}

void restrict_with_landlock(const policy& p, int abi) {
  ruleset_attr attr{handled_fs(abi), 0, 0};
  if (abi >= 4 && !p.network) attr.handled_access_net = net_bind_tcp | net_connect_tcp;
  // Signals to, and abstract Unix sockets of, processes outside the sandbox are refused (the
  // CUDA driver's own Unix sockets are the worker's: it starts with them scoped, seen on the H100).
  if (abi >= 6) attr.scoped = scope_abstract_unix_socket | scope_signal;
  const std::size_t size = abi >= 6 ? 24 : abi >= 4 ? 16 : 8;
  const int ruleset = int(syscall(SYS_landlock_create_ruleset, &attr, size, 0));
  if (ruleset < 0)
    throw std::system_error(errno, std::generic_category(), "landlock_create_ruleset");
  try {
    for (const auto& r : system_rules()) add_rule(ruleset, r, attr.handled_access_fs);
    for (const auto& r : library_rules()) add_rule(ruleset, r, attr.handled_access_fs);
    for (const auto& path : p.readable)
      add_rule(ruleset, {path.string(), read_only}, attr.handled_access_fs);
    add_rule(ruleset, {p.scratch.string(), attr.handled_access_fs & ~fs_right::execute},
             attr.handled_access_fs);
    if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
      throw std::system_error(errno, std::generic_category(), "landlock_restrict_self");
  } catch (...) {
    close(ruleset);
    throw;
  }
  close(ruleset);
}

}  // namespace parprim::sandbox::detail
