// What a sandboxed worker may do (docs/isolation.md, "The sandbox"): the parent decides it, the
// worker receives it in its environment and enters the sandbox before it loads a plugin.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace parprim::sandbox {

struct policy {
  /// The one folder the worker may write, create and remove in (its TMPDIR and HOME).
  std::filesystem::path scratch;
  /// Folders and files the worker may read besides the system's (the plugin's folder).
  std::vector<std::filesystem::path> readable;
  /// Sockets of every family, connect, bind and listen (a plugin named in isolation.network,
  /// such as nccl, whose library bootstraps over TCP); otherwise only Unix socket pairs.
  bool network = false;
  /// RLIMIT_CPU of the worker: the CPU time all its threads may use together, in seconds.
  double cpu_time_s = 3600;
};

/// The environment variable that carries a policy to a worker ("NAME=value" for child_spec).
inline constexpr const char* policy_variable = "PARPRIM_SANDBOX";
std::string environment_entry(const policy& p);
/// The policy this process was given, if any; throws std::invalid_argument naming what is wrong
/// when the variable is set but malformed.
std::optional<policy> policy_from_environment();

/// The policy of a worker that loads `plugin_file` (plugin `name`): `scratch` writable, the
/// plugin's folder readable, the network only when `name` is one of `network_plugins`.
policy policy_for_plugin(const std::filesystem::path& plugin_file, const std::string& name,
                         const std::vector<std::string>& network_plugins,
                         const std::filesystem::path& scratch, double cpu_time_s);

/// What a worker's environment gets on top of its parent's: the policy, and TMPDIR, HOME and
/// XDG_CACHE_HOME in the scratch folder (where a library's caches and temporary files can go),
/// and CUDA_CACHE_PATH below it.
std::vector<std::string> worker_environment(const policy& p);

/// A scratch folder of its own for one worker, made empty and removed with everything in it
/// when this object goes (after the worker has ended).
class scratch_folder {
 public:
  scratch_folder();  // made by mkdtemp under the temporary directory: parprim-sandbox-<random>
  ~scratch_folder();
  scratch_folder(const scratch_folder&) = delete;
  scratch_folder& operator=(const scratch_folder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace parprim::sandbox
