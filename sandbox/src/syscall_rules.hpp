// Which system calls the sandbox's seccomp filter refuses, and which it only watches: one
// table that the filter is built from and that the SIGSYS handler reads to say what happened.
#pragma once

#include <cstdint>
#include <span>

namespace parprim::sandbox::detail {

/// When a refused call is refused (its other uses pass).
enum class refuse_when {
  always,
  bits_clear,        // argument `arg` has none of the bits of `value` (clone without CLONE_THREAD)
  not_equal,         // argument `arg` (low 32 bits) differs from `value` (socket not AF_UNIX)
  equal,             // argument `arg` (low 32 bits) equals `value`
  nonzero,           // argument `arg` is not 0 (prlimit64 with a new limit)
  not_self_or_zero,  // argument `arg` is neither this process's id nor 0 (kill)
  not_self,          // argument `arg` is not this process's id (tgkill)
};

// LeakSanitizer checks for leaks at exit from a tracer process it clones (CLONE_UNTRACED) and
// that ptraces its parent: in a sanitizer build those two pass, or every sandboxed worker would
// end in a LeakSanitizer error. A fork() (no CLONE_UNTRACED) is refused there too.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitizer_build = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitizer_build = true;
#else
inline constexpr bool sanitizer_build = false;
#endif
#else
inline constexpr bool sanitizer_build = false;
#endif

struct refused_call {
  long nr;
  const char* name;  // for the refusal's text
  refuse_when when = refuse_when::always;
  int arg = 0;
  std::uint64_t value = 0;
  bool network = false;             // a network call: refused only when the policy has no network
  bool leak_checker_needs = false;  // passes in a sanitizer build (above)
};

/// The calls refused: the caller gets EPERM, and the refusal is logged. Entries marked
/// leak_checker_needs are left out of a sanitizer build's filter.
std::span<const refused_call> refused_calls();

/// The file system calls Landlock may deny: the filter sends them through the SIGSYS handler,
/// which makes them from its own instruction (the one the filter lets pass) and logs a denial.
std::span<const long> watched_calls();
bool is_watched(long nr);

/// The calls that could block SIGSYS, which the handler makes itself (as it does the watched
/// ones): a trap while SIGSYS is blocked would kill the process instead of reaching the
/// handler, and libraries block every signal in their threads (LeakSanitizer's tracer, CUDA's).
/// rt_sigprocmask is answered on the thread's saved mask with SIGSYS left out; rt_sigaction
/// gets SIGSYS left out of the handler's mask, and is refused for SIGSYS itself.
std::span<const long> signal_calls();

/// clone3 gets ENOSYS without a word: the C library then creates its threads with clone, whose
/// flags the filter can read (clone3's are behind a pointer).
long silent_enosys_call();

}  // namespace parprim::sandbox::detail
