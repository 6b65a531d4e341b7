// The file system and network rules, in Landlock: everything read-only that a worker needs to
// load and run a plugin (the system's libraries, the plugin's folder, /proc, /sys, the GPU's
// device files), the scratch folder writable, no TCP bind or connect.
#pragma once

#include "parprim/sandbox/policy.hpp"

namespace parprim::sandbox::detail {

/// The highest Landlock ABI this kernel offers; 0 when it has none.
int landlock_abi();

/// Restricts this thread (and the threads it starts) for good. Throws std::system_error.
void restrict_with_landlock(const policy& p, int abi);

}  // namespace parprim::sandbox::detail
