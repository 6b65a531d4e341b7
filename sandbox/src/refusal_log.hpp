// The worker's side of a refusal: the SIGSYS handler that answers a refused call with EPERM,
// makes a watched file call itself and notes when Landlock denied it, and the log of what it
// saw, read back between states.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace parprim::sandbox::detail {

/// Installs the SIGSYS handler (before the filter that raises it).
void install_refusal_handler();

/// The address just past the handler's own syscall instruction: the one place from which the
/// filter lets a watched call through.
std::uint64_t handler_syscall_address();

/// Appends one refusal, or counts it once more when the log has it (async-signal-safe; the log
/// keeps 128 different refusals and counts the ones past them).
void log_refusal(const char* text);

/// The refusals logged since the last call, each once ("... refused (12 times)" when it was
/// repeated), at most `limit` (the last entry then says how many more there were).
std::vector<std::string> drain_refusals(std::size_t limit);

}  // namespace parprim::sandbox::detail
