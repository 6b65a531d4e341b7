// runner: loads the plugins, runs the configured sweep, prints and writes the results.
#include <filesystem>
#include <iostream>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "cli.hpp"
#include "compare.hpp"
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

std::optional<nlohmann::json> read_results(const fs::path& path) {
  std::ifstream f(path);
  if (!f) {
    std::cerr << "runner: " << path.string() << ": cannot read results file\n";
    return std::nullopt;
  }
  try {
    nlohmann::json j = nlohmann::json::parse(f);
    if (j.value("schema", "") != "parprim-results")
      throw std::runtime_error("not a parprim results file (no \"schema\": \"parprim-results\")");
    return j;
  } catch (const std::exception& e) {
    std::cerr << "runner: " << path.string() << ": " << e.what() << "\n";
    return std::nullopt;
  }
}

// The plotting script: installed as share/parprim/plot_results.py beside bin/, or in the source
// tree this runner was built from.
int run_plot(const plot_options& o) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  fs::path script = exe.parent_path().parent_path() / "share" / "parprim" / "plot_results.py";
  if (!fs::exists(script)) script = fs::path(PARPRIM_PLOT_SCRIPT);
  if (!fs::exists(script)) {
    std::cerr << "runner: plot: " << script.string() << " not found\n";
    return exit_bad_config;
  }
  std::vector<std::string> args = {script.string(), o.results.string()};
  if (o.out) args.insert(args.end(), {o.report ? "--report" : "--out", o.out->string()});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(argv[0], argv.data());  // replaces the runner; returns only on failure
  std::cerr << "runner: plot: cannot run " << script.string() << ": " << std::strerror(errno)
            << "\n";
  return exit_bad_config;
}

int run_compare(const compare_options& o) {
  const auto base = read_results(o.base), fresh = read_results(o.fresh);
  if (!base || !fresh) return exit_bad_config;
  comparison c;
  try {
    c = compare_results(*base, *fresh);
  } catch (const std::exception& e) {
    std::cerr << "runner: compare: malformed record: " << e.what() << "\n";
    return exit_bad_config;
  }
  print_comparison(std::cout, c);
  if (o.markdown) {
    std::ofstream md(*o.markdown);
    md << "# parprim comparison\n\nbase: `" << o.base.string() << "`, new: `" << o.fresh.string()
       << "`\n\n";
    print_comparison(md, c);
  }
  if (!o.threshold_percent) return exit_ok;
  const auto slower = regressions(c, *o.threshold_percent / 100.0);
  for (const auto* s : slower)
    std::cerr << "runner: regression: " << s->key << " is " << s->ratio << "x the base, beyond the "
              << *o.threshold_percent << "% threshold\n";
  return slower.empty() ? exit_ok : exit_validation_failed;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<int> exit_now;
  const options opts = parse_command_line(argc, argv, exit_now);
  if (exit_now) return *exit_now;
  if (opts.compare) return run_compare(*opts.compare);
  if (opts.plot) return run_plot(*opts.plot);

  diagnostics diag;
  if (opts.list) {
    std::vector<fs::path> config_folders;
    if (opts.config_path)
      if (auto c = load_config(*opts.config_path, diag)) config_folders = c->plugin_paths;
    print_plugin_list(std::cout, discover_plugins(opts.plugin_paths, config_folders));
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

  const plugin_registry registry = discover_plugins(opts.plugin_paths, cfg->plugin_paths);
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
