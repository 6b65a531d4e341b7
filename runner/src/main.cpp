// runner: loads the plugins, runs the configured sweep, prints and writes the results.
#include <filesystem>
#include <iostream>

#include "cli.hpp"
#include "config.hpp"
#include "context.hpp"
#include "list_printer.hpp"
#include "plugin_registry.hpp"
#include "printers.hpp"
#include "progress.hpp"
#include "sweep.hpp"

using namespace parprim::runner;
namespace fs = std::filesystem;

namespace {

// Writes every requested output; a file that cannot be written is a diagnostic, not a crash.
void write_outputs(const config& c, const results& res, diagnostics& diag) {
  auto write = [&](const std::optional<fs::path>& path, auto writer) {
    if (!path) return;
    try {
      if (path->has_parent_path()) fs::create_directories(path->parent_path());
      writer(*path, res);
    } catch (const std::exception& e) {
      diag.add(exit_bad_config, e.what());
    }
  };
  write(c.outputs.json, write_json);
  write(c.outputs.csv, write_csv);
  write(c.outputs.markdown, write_markdown);
}

void print_diagnostics(const diagnostics& diag) {
  for (const auto& d : diag.items()) std::cerr << "runner: " << d.message << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<int> exit_now;
  const options opts = parse_command_line(argc, argv, exit_now);
  if (exit_now) return *exit_now;

  diagnostics diag;
  if (opts.list) {
    std::vector<fs::path> folders = opts.plugin_paths;
    if (opts.config_path)
      if (auto c = load_config(*opts.config_path, diag))
        folders.insert(folders.end(), c->plugin_paths.begin(), c->plugin_paths.end());
    print_plugin_list(std::cout, discover_plugins(folders));
    print_diagnostics(diag);
    return diag.worst();
  }

  std::optional<config> cfg = load_config(*opts.config_path, diag);
  if (!cfg) {
    print_diagnostics(diag);
    return diag.worst();
  }
  apply_overrides(*cfg, opts, diag);
  // Config problems are shown before a long sweep starts, and again in the summary.
  print_diagnostics(diag);

  const plugin_registry registry = discover_plugins(cfg->plugin_paths);
  for (const auto& problem : registry.problems) diag.add(problem.code, problem.message);
  std::vector<parprim::plugin_client> backends = select_backends(registry, cfg->backends, diag);
  if (registry.plugins.empty())
    diag.add(exit_backend_not_loaded,
             "no plugins were found in any plugin folder (runner --list shows where it looked)");

  results res;
  res.context = collect_context(registry, opts.config_path->string(), opts.command_line);
  progress bar(state_count(*cfg), !opts.no_progress && stderr_is_terminal());
  sweep measured(*cfg, std::move(backends), bar, diag);
  res.records = measured.run([&](const std::vector<record>& so_far) {
    results partial = res;
    partial.records = so_far;
    partial.diagnostics = diag.items();
    partial.exit_code = diag.worst();
    diagnostics ignored;  // a write failure is reported once, at the end
    write_outputs(*cfg, partial, ignored);
  });
  bar.finish();

  res.diagnostics = diag.items();
  res.exit_code = diag.worst();
  write_outputs(*cfg, res, diag);
  res.diagnostics = diag.items();
  res.exit_code = diag.worst();
  if (cfg->outputs.console)
    print_console(std::cout, res);
  else
    print_diagnostics(diag);
  return res.exit_code;
}
