#include "syscall_filter.hpp"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <system_error>
#include <vector>

#include "syscall_rules.hpp"

namespace parprim::sandbox::detail {
namespace {

constexpr std::uint32_t trap = SECCOMP_RET_TRAP;
constexpr std::uint32_t allow = SECCOMP_RET_ALLOW;

// Offsets in struct seccomp_data; 64-bit fields are read as two 32-bit words (little endian).
constexpr std::uint32_t nr_offset = offsetof(seccomp_data, nr);
constexpr std::uint32_t arch_offset = offsetof(seccomp_data, arch);
constexpr std::uint32_t ip_offset = offsetof(seccomp_data, instruction_pointer);
constexpr std::uint32_t arg_low(int i) {
  return offsetof(seccomp_data, args) + 8 * i;
}
constexpr std::uint32_t arg_high(int i) {
  return arg_low(i) + 4;
}

sock_filter load(std::uint32_t offset) {
  return BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset);
}
sock_filter ret(std::uint32_t action) {
  return BPF_STMT(BPF_RET | BPF_K, action);
}
sock_filter jump_eq(std::uint32_t k, std::uint8_t t, std::uint8_t f) {
  return BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, k, t, f);
}
sock_filter jump_set(std::uint32_t k, std::uint8_t t, std::uint8_t f) {
  return BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, k, t, f);
}

// The instructions that decide one call, each path ending in a return.
std::vector<sock_filter> decide(const refused_call& c, std::uint32_t self) {
  using w = refuse_when;
  const auto low = std::uint32_t(c.value);
  switch (c.when) {
    case w::always:
      return {ret(trap)};
    case w::bits_clear:
      return {load(arg_low(c.arg)), jump_set(low, 1, 0), ret(trap), ret(allow)};
    case w::not_equal:
      return {load(arg_low(c.arg)), jump_eq(low, 1, 0), ret(trap), ret(allow)};
    case w::equal:
      return {load(arg_low(c.arg)), jump_eq(low, 0, 1), ret(trap), ret(allow)};
    case w::nonzero:
      return {load(arg_low(c.arg)), jump_eq(0, 0, 3), load(arg_high(c.arg)),
              jump_eq(0, 0, 1),     ret(allow),       ret(trap)};
    case w::not_self_or_zero:
      return {load(arg_low(c.arg)), jump_eq(self, 2, 0), jump_eq(0, 1, 0), ret(trap), ret(allow)};
    case w::not_self:
      return {load(arg_low(c.arg)), jump_eq(self, 1, 0), ret(trap), ret(allow)};
  }
  return {ret(trap)};
}

// Made from `allowed_ip` (the handler's own instruction) the call passes; from anywhere else
// it traps, so that the handler sees it.
std::vector<sock_filter> watch(std::uint64_t allowed_ip) {
  return {load(ip_offset),     jump_eq(std::uint32_t(allowed_ip), 0, 3),
          load(ip_offset + 4), jump_eq(std::uint32_t(allowed_ip >> 32), 0, 1),
          ret(allow),          ret(trap)};
}

// "If the call is `nr`, decide by `body`; else go on past it."
void append_case(std::vector<sock_filter>& program, long nr, const std::vector<sock_filter>& body) {
  program.push_back(load(nr_offset));
  program.push_back(jump_eq(std::uint32_t(nr), 0, std::uint8_t(body.size())));
  program.insert(program.end(), body.begin(), body.end());
}

}  // namespace

bool syscall_filter_supported() {
#if defined(__x86_64__)
  return true;
#else
  return false;
#endif
}

void install_syscall_filter(bool network, std::uint64_t allowed_ip) {
#if !defined(__x86_64__)
  (void)network;
  (void)allowed_ip;
  throw std::system_error(ENOSYS, std::generic_category(), "seccomp filter for x86-64 only");
#else
  std::vector<sock_filter> program = {
      load(arch_offset), jump_eq(AUDIT_ARCH_X86_64, 1, 0), ret(SECCOMP_RET_KILL_PROCESS),
      // The x32 numbers (bit 30) name the same calls by other numbers: refused as a whole.
      load(nr_offset), BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
      ret(SECCOMP_RET_ERRNO | EPERM)};
  const auto self = std::uint32_t(getpid());
  for (const auto& c : refused_calls()) {
    if (c.network && network) continue;
    if (c.leak_checker_needs && sanitizer_build) continue;
    append_case(program, c.nr, decide(c, self));
  }
  for (long nr : watched_calls()) append_case(program, nr, watch(allowed_ip));
  for (long nr : signal_calls()) append_case(program, nr, watch(allowed_ip));
  append_case(program, silent_enosys_call(), {ret(SECCOMP_RET_ERRNO | ENOSYS)});
  program.push_back(ret(allow));

  const sock_fprog fprog{static_cast<unsigned short>(program.size()), program.data()};
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &fprog) != 0)
    throw std::system_error(errno, std::generic_category(), "seccomp");
#endif
}

}  // namespace parprim::sandbox::detail
