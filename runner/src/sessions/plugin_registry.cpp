#include "sessions/plugin_registry.hpp"

#include <cstdlib>
#include <set>

namespace parprim::runner {
namespace fs = std::filesystem;

const found_plugin* plugin_registry::find(const std::string& name) const {
  for (const auto& p : plugins)
    if (p.summary.name == name) return &p;
  return nullptr;
}

plugin_summary probe_in_process(const fs::path& file) {
  return summarize(load_plugin(file));
}

plugin_registry discover_plugins(const std::vector<fs::path>& command_line_folders,
                                 const std::vector<fs::path>& config_folders,
                                 const plugin_prober& probe) {
  plugin_registry r;
  for (const auto& f : command_line_folders) r.folders.emplace_back(f, "--plugin-path");
  for (const auto& f : config_folders) r.folders.emplace_back(f, "config");
  if (const char* env = std::getenv("PARPRIM_PLUGIN_PATH"))
    for (const auto& f : split_path_list(env)) r.folders.emplace_back(f, "PARPRIM_PLUGIN_PATH");
  r.folders.emplace_back(default_plugin_folder(), "default");

  std::set<fs::path> seen;
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
      std::error_code ec;
      const fs::path canonical = fs::weakly_canonical(file, ec);
      // A folder named twice (by the config and --plugin-path, say) is one set of files.
      if (!seen.insert(ec ? file : canonical).second) continue;
      try {
        plugin_summary p = probe(file);
        if (const found_plugin* first = r.find(p.name)) {
          r.problems.push_back({exit_ok, file.string() + ": plugin '" + p.name +
                                             "' ignored: a plugin of that name was already "
                                             "loaded from " +
                                             first->summary.path.string() +
                                             " (earlier folders win)"});
          continue;
        }
        r.plugins.push_back({std::move(p), origin});
      } catch (const load_error& e) {
        r.problems.push_back({exit_ok, e.what()});
      }
    }
  }
  return r;
}

std::vector<plugin_summary> select_backends(const plugin_registry& registry,
                                            const std::vector<std::string>& names,
                                            diagnostics& diag) {
  std::vector<plugin_summary> out;
  if (names.empty()) {
    for (const auto& p : registry.plugins) out.push_back(p.summary);
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
    } else if (!p->summary.available()) {
      diag.add(exit_backend_not_loaded, "backend '" + name + "' (" + p->summary.path.string() +
                                            ") is unavailable: " + *p->summary.unavailable_reason);
      out.push_back(p->summary);  // kept, so its states are recorded as skipped
    } else {
      out.push_back(p->summary);
    }
  }
  return out;
}

}  // namespace parprim::runner
