// The seccomp filter built from syscall_rules: refused calls trap (the SIGSYS handler answers
// EPERM and logs them), watched file calls trap unless made from the handler's own syscall
// instruction, clone3 gets ENOSYS, every other call passes.
#pragma once

#include <cstdint>

namespace parprim::sandbox::detail {

/// Installs the filter on every thread of this process; `allowed_ip` is the address just past
/// the handler's syscall instruction. Throws std::system_error when the kernel refuses it.
void install_syscall_filter(bool network, std::uint64_t allowed_ip);

/// This build can write a filter for this machine's architecture (x86-64).
bool syscall_filter_supported();

}  // namespace parprim::sandbox::detail
