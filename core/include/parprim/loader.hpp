// Loads plugins with Boost.DLL and checks them before anything in them is called.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "parprim/plugin_abi.h"

namespace parprim {

/// One loaded plugin. Plugins stay loaded until the process exits, so the descriptor and every
/// pointer in it stay valid for the life of the program.
struct loaded_plugin {
  std::filesystem::path path;
  const parprim_plugin_descriptor* descriptor = nullptr;
  std::optional<std::string> unavailable_reason;  // set when the plugin says it cannot run here

  std::string name() const { return descriptor->name; }
  bool available() const { return !unavailable_reason.has_value(); }
};

/// A plugin that could not be loaded; what() is one line naming the file and the cause.
class load_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Loads (or returns the already loaded) plugin at `path`. Throws load_error.
const loaded_plugin& load_plugin(const std::filesystem::path& path);

/// The plugin files (parprim_plugin_*.so) in `folder`, sorted by name. A folder that does not
/// exist throws load_error naming it.
std::vector<std::filesystem::path> find_plugin_files(const std::filesystem::path& folder);

/// The plugin folder of an installation: lib/parprim beside the running executable's bin/
/// (bin/../lib/parprim). The build tree has the same layout, so a built and an installed runner
/// both find their own plugins.
std::filesystem::path default_plugin_folder();

/// The non-empty entries of a ':'-separated path list (PARPRIM_PLUGIN_PATH and the like).
std::vector<std::filesystem::path> split_path_list(const std::string& list);

/// The file-name prefix and suffix the folder scan looks for.
inline constexpr const char* plugin_file_prefix = "parprim_plugin_";
inline constexpr const char* plugin_file_suffix = ".so";

/// The plugin name a file carries (parprim_plugin_nccl.so: nccl; another name: its stem), for
/// a plugin that has not been loaded yet to say its own.
std::string plugin_name_of_file(const std::filesystem::path& plugin_file);

}  // namespace parprim
