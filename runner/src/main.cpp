// runner: loads the plugins, runs the configured sweep, prints and writes the results.
#include <filesystem>
#include <iostream>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "config/cli.hpp"
#include "config/config.hpp"
#include "outputs/compare.hpp"
#include "outputs/context.hpp"
#include "outputs/input_files.hpp"
#include "outputs/list_printer.hpp"
#include "outputs/printers.hpp"
#include "outputs/results_store.hpp"
#include "parprim/isolation/shared_region.hpp"
#include "parprim/sandbox/sandbox.hpp"
#include "records/record_json.hpp"
#include "sessions/plugin_registry.hpp"
#include "sessions/worker/worker_main.hpp"
#include "sessions/worker/worker_protocol.hpp"
#include "sessions/worker/worker_session.hpp"
#include "support/interruption.hpp"
#include "sweep/progress.hpp"
#include "sweep/sweep.hpp"

using namespace parprim::runner;
namespace fs = std::filesystem;

namespace {

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
  if (o.course) args.push_back("--course");
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
    c = compare_results(*base, *fresh, o.across_devices);
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

// How plugins are loaded to learn what they declare: in a worker each (isolation, the default),
// so that a library that crashes or hangs while loading is reported and the rest go on.
plugin_prober make_prober(bool workers, const worker::launch_settings& launch) {
  if (!workers) return probe_in_process;
  return [&launch](const fs::path& file) {
    worker::probe_result r = worker::probe_plugin(file, launch);
    if (!r.summary) throw parprim::load_error(r.error);
    return *r.summary;
  };
}

// The workers' sandbox (docs/isolation.md): the kernel is asked once what it offers, and a
// missing piece is said once (or, with --require-sandbox, refuses the run: the returned exit
// status). `context` gets what the results file says of it.
std::optional<int> plan_sandbox(bool workers, isolation_settings::sandbox_mode mode, bool require,
                                const isolation_settings& iso, worker::launch_settings& launch,
                                std::string& context, diagnostics& diag) {
  if (!workers) {
    context = "off (no isolation)";
    if (!require) return std::nullopt;
    std::cerr << "runner: --require-sandbox: with --no-isolation (or isolation.mode: none) the "
                 "plugins run in the runner's own process, outside any sandbox\n";
    return exit_bad_config;
  }
  if (mode == isolation_settings::sandbox_mode::off) {
    context = "off (--no-sandbox or isolation.sandbox: off)";
    return std::nullopt;
  }
  const parprim::sandbox::support support = parprim::sandbox::kernel_support();
  for (const auto& missing : support.missing()) {
    if (require) {
      std::cerr << "runner: --require-sandbox: " << missing << "\n";
      return exit_backend_not_loaded;
    }
    diag.add(exit_ok, "sandbox: " + missing + ": the workers run without it");
  }
  launch.sandboxed = true;
  launch.network_plugins = iso.network;
  launch.cpu_time_s = iso.cpu_time_s;
  context = std::string(mode == isolation_settings::sandbox_mode::compare ? "compare" : "on") +
            " (" + support.describe() + ")";
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == worker::worker_flag)
    return worker::worker_main(argc, argv);
  std::optional<int> exit_now;
  const options opts = parse_command_line(argc, argv, exit_now);
  if (exit_now) return *exit_now;
  if (opts.compare) return run_compare(*opts.compare);
  if (opts.plot) return run_plot(*opts.plot);
  if (opts.inputs) {
    const auto results = read_results(opts.inputs->results);
    if (!results) return exit_bad_config;
    return write_state_inputs(*results, opts.inputs->out, std::cerr);
  }

  diagnostics diag;
  std::optional<config> cfg;
  if (opts.config_path) {
    cfg = load_config(*opts.config_path, diag);
    if (!cfg && !opts.list) {
      print_diagnostics(diag);
      return diag.worst();
    }
  }
  if (cfg) apply_overrides(*cfg, opts, diag);
  const bool workers = cfg ? cfg->isolation.workers() : !opts.no_isolation;
  install_interrupt_handlers();
  // The inputs of each state, shared with the workers.
  parprim::isolation::shared_region region("parprim-state");
  worker::launch_settings launch;
  launch.executable = fs::read_symlink("/proc/self/exe");
  launch.shared_region_fd = region.child_fd();
  if (cfg) {
    launch.measurement = cfg->measurement;
    launch.load_timeout_s = cfg->isolation.timeout_s;
  }
  const isolation_settings iso = cfg ? cfg->isolation : isolation_settings{};
  const auto sandbox_mode = opts.no_sandbox ? isolation_settings::sandbox_mode::off : iso.sandbox;
  const bool require_sandbox = opts.require_sandbox || iso.require_sandbox;
  std::string sandbox_context;
  if (const auto refused =
          plan_sandbox(workers, sandbox_mode, require_sandbox, iso, launch, sandbox_context, diag))
    return *refused;
  // Sandbox mode compare: the same plugins again in workers without it.
  worker::launch_settings unsandboxed = launch;
  unsandboxed.sandboxed = false;
  const plugin_prober prober = make_prober(workers, launch);

  if (opts.list) {
    print_plugin_list(std::cout,
                      discover_plugins(opts.plugin_paths,
                                       cfg ? cfg->plugin_paths : std::vector<fs::path>{}, prober));
    print_diagnostics(diag);
    return diag.worst();
  }
  // Config problems are shown before a long sweep starts, and again in the summary.
  if (!opts.check) print_diagnostics(diag);

  std::optional<prior_records> prior = prior_records{};
  if (opts.resume) {
    prior = read_prior_records(*opts.resume, diag);
    if (!prior) {
      print_diagnostics(diag);
      return diag.worst();
    }
  }

  const plugin_registry registry = discover_plugins(opts.plugin_paths, cfg->plugin_paths, prober);
  for (const auto& problem : registry.problems) diag.add(problem.code, problem.message);
  std::vector<std::unique_ptr<backend_session>> sessions;
  const bool both = cfg->isolation.how == isolation_settings::mode::both;
  for (const auto& summary : select_backends(registry, cfg->backends, diag)) {
    if (workers) sessions.push_back(worker::make_worker_session(summary, launch));
    if (both)  // the control: what a second worker measures, right after the first
      sessions.push_back(worker::make_worker_session(summary, launch, second_worker_suffix));
    if (workers && sandbox_mode == isolation_settings::sandbox_mode::compare)
      sessions.push_back(worker::make_worker_session(summary, unsandboxed, unsandboxed_suffix));
    if (cfg->isolation.in_process())
      sessions.push_back(make_in_process_session(summary, cfg->measurement, both));
  }
  if (registry.plugins.empty())
    diag.add(exit_backend_not_loaded,
             "no plugins were found in any plugin folder (runner --list shows where it looked)");

  if (opts.check) {
    progress silent(0, false);
    sweep checked(*cfg, std::move(sessions), silent, diag, region, *prior);
    checked.check_names();
    print_diagnostics(diag);
    std::cout << opts.config_path->string() << ": " << state_count(*cfg) << " states, "
              << (diag.worst() == exit_ok ? "no problems found" : "problems above") << "\n";
    return diag.worst();
  }

  results res;
  res.context = collect_context(registry, opts.config_path->string(), opts.command_line);
  res.context.isolation = both ? "both" : workers ? "process" : "none";
  res.context.sandbox = sandbox_context;
  res.context.device_mode = to_string(cfg->measurement.device_mode);
  res.context.host_mode = to_string(cfg->measurement.host_mode);
  res.context.batch_runs = cfg->measurement.batch_runs;
  results_store store(cfg->outputs, *prior, diag);
  auto snapshot = [&](const std::vector<record>& so_far) {
    results partial = res;
    partial.records = so_far;
    partial.diagnostics = diag.items();
    partial.exit_code = diag.worst();
    partial.complete = false;
    return partial;
  };
  diagnostics ignored;  // a write failure while running is reported once, at the end
  progress bar(state_count(*cfg), !opts.no_progress && stderr_is_terminal());
  sweep measured(*cfg, std::move(sessions), bar, diag, region, *prior);
  sweep::callbacks cb;
  cb.on_record = [&](const record& r) {
    if (!prior->count(parprim::runner::record_key(r))) store.append(r);
  };
  cb.on_state = [&](const std::vector<record>& so_far) {
    if (store.due()) store.write_outputs(snapshot(so_far), ignored);
  };
  cb.on_benchmark = [&](const std::vector<record>& so_far) {
    store.write_outputs(snapshot(so_far), ignored);
  };
  res.records = measured.run(cb);
  bar.finish();

  if (measured.stopped()) {
    const int sig = interrupt_signal();
    diag.add(exit_ok,
             std::string("stopped by ") + parprim::isolation::signal_name(sig) + " after " +
                 std::to_string(res.records.size()) + " records; they are kept" +
                 (cfg->outputs.json ? ", and `runner " + opts.config_path->string() + " --resume " +
                                          cfg->outputs.json->string() + "` runs the rest"
                                    : ""));
  }
  res.complete = !measured.stopped();
  res.diagnostics = diag.items();
  res.exit_code = diag.worst();
  store.write_outputs(res, diag);
  res.diagnostics = diag.items();
  res.exit_code = diag.worst();
  if (cfg->outputs.console)
    print_console(std::cout, res);
  else
    print_diagnostics(diag);
  if (measured.stopped()) return 128 + interrupt_signal();
  return res.exit_code;
}
