#include "plugin_registry.hpp"

#include <cstdlib>

namespace parprim::runner {
namespace fs = std::filesystem;

const found_plugin* plugin_registry::find(const std::string& name) const {
  for (const auto& p : plugins)
    if (p.plugin->name() == name) return &p;
  return nullptr;
}

plugin_registry discover_plugins(const std::vector<fs::path>& command_line_folders,
                                 const std::vector<fs::path>& config_folders) {
  plugin_registry r;
  for (const auto& f : command_line_folders) r.folders.emplace_back(f, "--plugin-path");
  for (const auto& f : config_folders) r.folders.emplace_back(f, "config");
  if (const char* env = std::getenv("PARPRIM_PLUGIN_PATH"))
    for (const auto& f : split_path_list(env)) r.folders.emplace_back(f, "PARPRIM_PLUGIN_PATH");
  r.folders.emplace_back(default_plugin_folder(), "default");

  for (const auto& [folder, origin] : r.folders) {
    std::vector<fs::path> files;
    try {
      files = find_plugin_files(folder);
    } catch (const load_error& e) {
      // The default folder may legitimately be absent (an install without plugins); a folder
      // the user named is a problem.
      if (origin != "default")
        r.problems.push_back({exit_bad_config, std::string(e.what()) + " (from " + origin + ")"});
      continue;
    }
    for (const auto& file : files) {
      try {
        const loaded_plugin& p = load_plugin(file);
        if (const found_plugin* first = r.find(p.name())) {
          if (first->plugin != &p)
            r.problems.push_back({exit_ok, file.string() + ": plugin '" + p.name() +
                                               "' ignored: a plugin of that name was already "
                                               "loaded from " +
                                               first->plugin->path.string() +
                                               " (earlier folders win)"});
          continue;
        }
        r.plugins.push_back({&p, origin});
      } catch (const load_error& e) {
        r.problems.push_back({exit_ok, e.what()});
      }
    }
  }
  return r;
}

std::vector<plugin_client> select_backends(const plugin_registry& registry,
                                           const std::vector<std::string>& names,
                                           diagnostics& diag) {
  std::vector<plugin_client> out;
  if (names.empty()) {
    for (const auto& p : registry.plugins) out.emplace_back(*p.plugin);
    return out;
  }
  for (const auto& name : names) {
    const found_plugin* p = registry.find(name);
    if (!p) {
      std::string searched;
      for (const auto& [folder, origin] : registry.folders)
        searched += (searched.empty() ? "" : ", ") + folder.string();
      diag.add(exit_backend_not_loaded,
               "backend '" + name + "' was asked for but no plugin of that name was loaded from " +
                   searched);
    } else if (!p->plugin->available()) {
      diag.add(exit_backend_not_loaded, "backend '" + name + "' (" + p->plugin->path.string() +
                                            ") is unavailable: " + *p->plugin->unavailable_reason);
      out.emplace_back(*p->plugin);  // kept, so its states are recorded as skipped
    } else {
      out.emplace_back(*p->plugin);
    }
  }
  return out;
}

}  // namespace parprim::runner
