#include "conformance_plugins.hpp"

#include <cstdlib>
#include <filesystem>

namespace parprim::conformance {
namespace fs = std::filesystem;

namespace {

std::string& requested_list() {
  static std::string list;
  return list;
}

}  // namespace

std::vector<fs::path> requested_plugin_files() {
  std::string list = requested_list();
  if (const char* env = std::getenv("PARPRIM_CONFORMANCE_PLUGINS"); list.empty() && env) list = env;
  std::vector<fs::path> entries = split_path_list(list);
  if (entries.empty()) entries.push_back(default_plugin_folder());
  std::vector<fs::path> files;
  for (const auto& entry : entries) {
    if (fs::is_directory(entry)) {
      for (auto& f : find_plugin_files(entry)) files.push_back(f);
    } else {
      files.push_back(entry);  // a missing file is reported by the loader
    }
  }
  return files;
}

namespace {

plugin_set load_all() {
  plugin_set set;
  for (const auto& file : requested_plugin_files()) {
    try {
      const loaded_plugin& plugin = load_plugin(file);
      if (plugin.available())
        set.available.emplace_back(plugin);
      else
        set.unavailable.push_back(plugin.name() + " (" + file.string() +
                                  "): " + *plugin.unavailable_reason);
    } catch (const std::exception& e) {
      set.load_errors.push_back(e.what());
    }
  }
  return set;
}

}  // namespace

void request_plugins(const std::string& list) {
  requested_list() = list;
}

const plugin_set& plugins_under_test() {
  static const plugin_set set = load_all();
  return set;
}

}  // namespace parprim::conformance
