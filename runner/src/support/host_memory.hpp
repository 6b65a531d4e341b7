// How much host memory the runner may still use, read from /proc/meminfo.
#pragma once

#include <cstdint>
#include <optional>

namespace parprim::runner {

/// MemAvailable in bytes; nothing where the kernel does not report it.
std::optional<std::uint64_t> host_memory_available();
/// MemTotal in bytes.
std::optional<std::uint64_t> host_memory_total();

}  // namespace parprim::runner
