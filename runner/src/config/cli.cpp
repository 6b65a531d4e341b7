#include "config/cli.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <tuple>

namespace parprim::runner {
namespace {
// results/sweep.json -> results/sweep_report.md (sweep.md is the runner's own Markdown view).
std::filesystem::path default_report_path(const std::filesystem::path& results) {
  return results.parent_path() / (results.stem().string() + "_report.md");
}
}  // namespace

options parse_command_line(int argc, char** argv, std::optional<int>& exit_now) {
  options o;
  for (int i = 0; i < argc; ++i) o.command_line += (i ? " " : "") + std::string(argv[i]);

  CLI::App app{
      "parprim runner: validates every backend against the reference and times it.\n"
      "Usage: runner CONFIG.yaml [overrides] [--check]   or   runner --list [CONFIG.yaml]\n"
      "       runner compare BASE.json NEW.json [--threshold PCT] [--markdown FILE] "
      "[--across-devices]\n"
      "       runner plot RESULTS.json [--out DIR] [--course]\n"
      "       runner report RESULTS.json [--out FILE.md]\n"
      "Exit status: 0 all valid, 1 validation failure, 2 bad config or usage, 3 a backend\n"
      "asked for by name could not be loaded. See docs/runner.md and docs/config.md.",
      "runner"};
  std::string config;
  app.add_option("config", config, "the sweep to run (YAML, see docs/config.md)");
  app.add_flag("--list", o.list,
               "print every plugin found, its version, availability, "
               "operations, types and variants, then exit");
  app.add_flag("--check", o.check,
               "check the config against the plugins found (every name, parameter value and "
               "backend), say how many states it describes, then exit without running any");
  app.add_option("--backends", o.backends, "run only these backends (comma-separated)")
      ->delimiter(',');
  app.add_option("--operations", o.operations, "keep only benchmarks of these operations")
      ->delimiter(',');
  app.add_option("--types", o.types, "element types for every benchmark (i32,u32,i64,u64,f32,f64)")
      ->delimiter(',');
  app.add_option("--sizes", o.sizes, "sizes for every benchmark, e.g. 1024,2^20,2^20-3")
      ->delimiter(',');
  app.add_option("--distributions", o.distributions, "input distributions for every benchmark")
      ->delimiter(',');
  app.add_option("--plugin-path", o.plugin_paths, "another folder to search for plugins first");
  app.add_option("--seed", o.seed, "the seed every input is derived from");
  app.add_flag("--quick", o.quick, "few samples per state: a fast check, not a measurement");
  app.add_option("--mode", o.mode,
                 "how GPU plugins' samples are taken: cold, hot or batch (measurement.mode)");
  app.add_option("--host-mode", o.host_mode,
                 "how CPU plugins' samples are taken: cold, hot or batch (measurement.host_mode)");
  app.add_option("--json", o.json, "write the canonical JSON results here");
  app.add_option("--csv", o.csv, "write CSV results here");
  app.add_option("--markdown", o.markdown, "write Markdown results here");
  app.add_flag("--no-console", o.no_console, "do not print the tables");
  app.add_flag("--no-progress", o.no_progress, "no progress line on stderr");
  app.add_flag("--no-isolation", o.no_isolation,
               "run the plugins inside the runner instead of a worker process each (for a "
               "debugger: a crash or hang of a plugin is then the runner's)");
  app.add_flag("--no-sandbox", o.no_sandbox,
               "run the workers without the sandbox (isolation.sandbox: off), for a trusted "
               "plugin that needs more than it allows; said in every record");
  app.add_flag("--require-sandbox", o.require_sandbox,
               "refuse to run where the kernel lacks Landlock or seccomp (by default the run "
               "says so once and goes on without the missing piece)");
  app.add_option("--resume", o.resume,
                 "an earlier run's results JSON: its recorded states are kept, the rest run");

  compare_options cmp;
  double threshold = 0;
  std::string markdown;
  CLI::App* compare = app.add_subcommand(
      "compare", "compare two results files state by state (FASTER / SLOWER / SAME by noise)");
  compare->add_option("base", cmp.base, "the results JSON to compare against")->required();
  compare->add_option("new", cmp.fresh, "the results JSON to compare")->required();
  auto* threshold_option = compare->add_option(
      "--threshold", threshold, "exit 1 when a state is SLOWER by more than this many percent");
  compare->add_option("--markdown", markdown, "also write the comparison here as Markdown");
  compare->add_flag("--across-devices", cmp.across_devices,
                    "judge states whose backend ran on different devices (by default they are "
                    "shown, not judged)");

  plot_options plt;
  std::string plot_out;
  CLI::App* plot = app.add_subcommand(
      "plot", "PNG and SVG plots of a results file (time and throughput against size, scaling)");
  plot->add_option("results", plt.results, "the results JSON to plot")->required();
  plot->add_option("--out", plot_out, "folder for the plots (default: RESULTS_plots beside it)");
  plot->add_flag("--course", plt.course,
                 "the course's own figure instead: per operation, time against n (log-log), "
                 "every backend and variant in one plot");
  plot_options rep;
  std::string report_out;
  CLI::App* report = app.add_subcommand(
      "report", "a Markdown report of a results file: its tables with the plots beside them");
  report->add_option("results", rep.results, "the results JSON to report")->required();
  report->add_option("--out", report_out,
                     "the Markdown file (default: RESULTS_report.md beside it)");
  inputs_options inp;
  CLI::App* inputs = app.add_subcommand(
      "inputs", "write the input of every state of a results file, regenerated from its seed, "
                "as raw bytes with a list of them (for comparisons run outside the runner)");
  inputs->add_option("results", inp.results, "the results JSON")->required();
  inputs->add_option("--out", inp.out, "the folder to write them to")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    exit_now = app.exit(e);
    if (*exit_now != 0) *exit_now = exit_bad_config;
    return o;
  }
  if (!config.empty()) o.config_path = config;
  if (*report) {
    rep.report = true;
    rep.out =
        report_out.empty() ? default_report_path(rep.results) : std::filesystem::path(report_out);
    o.plot = rep;
    return o;
  }
  if (*inputs) {
    o.inputs = inp;
    return o;
  }
  if (*plot) {
    if (!plot_out.empty()) plt.out = plot_out;
    o.plot = plt;
    return o;
  }
  if (*compare) {
    if (threshold_option->count()) cmp.threshold_percent = threshold;
    if (!markdown.empty()) cmp.markdown = markdown;
    o.compare = cmp;
    return o;
  }
  if (!o.list && !o.config_path) {
    std::cerr << "runner: a config file is required (for example configs/sweep.yaml); "
                 "see runner --help\n";
    exit_now = exit_bad_config;
  }
  return o;
}

void apply_overrides(config& c, const options& o, diagnostics& diag) {
  auto bad = [&](const std::string& what, const std::string& value) {
    diag.add(exit_bad_config, "command line: unknown " + what + " '" + value + "'");
  };
  if (!o.backends.empty()) c.backends = o.backends;
  if (o.seed) c.seed = *o.seed;
  if (o.quick) {
    c.measurement.warmup = 0;
    c.measurement.min_samples = 1;
    c.measurement.max_samples = 3;
    c.measurement.min_time = 0.001;
    c.measurement.max_time = 0.2;
    c.measurement.end_to_end_samples = 1;
  }
  if (o.json) c.outputs.json = o.json;
  if (o.csv) c.outputs.csv = o.csv;
  if (o.markdown) c.outputs.markdown = o.markdown;
  if (o.no_console) c.outputs.console = false;
  if (o.no_isolation) c.isolation.how = isolation_settings::mode::none;
  if (o.no_sandbox) c.isolation.sandbox = isolation_settings::sandbox_mode::off;
  if (o.require_sandbox) c.isolation.require_sandbox = true;
  for (const auto& [text, field, flag] :
       {std::tuple{&o.mode, &c.measurement.device_mode, "--mode"},
        std::tuple{&o.host_mode, &c.measurement.host_mode, "--host-mode"}}) {
    if (!*text) continue;
    if (auto m = parse_sample_mode(**text))
      *field = *m;
    else
      diag.add(exit_bad_config, std::string("command line: ") + flag +
                                    ": expected cold, hot or batch, got '" + **text + "'");
  }

  // Each override list: its names parsed, the bad ones reported; an axis is replaced only
  // when at least one name was good.
  auto parse_all = [&](const std::vector<std::string>& names, const std::string& what, auto parse) {
    std::vector<std::decay_t<decltype(*parse(std::string()))>> values;
    for (const auto& name : names)
      if (auto v = parse(name))
        values.push_back(*v);
      else
        bad(what, name);
    return values;
  };
  if (!o.operations.empty()) {
    const auto keep = parse_all(o.operations, "operation",
                                [](const std::string& n) { return parse_operation(n); });
    std::erase_if(c.benchmarks, [&](const benchmark_config& b) {
      return std::find(keep.begin(), keep.end(), b.operation) == keep.end();
    });
  }
  const auto types = parse_all(o.types, "element type", parse_element_type);
  const auto sizes =
      parse_all(o.sizes, "size (an integer of at least 0 such as 0, 1000, 2^20 or 2^20-3)",
                [](const std::string& n) { return parse_size(n); });
  const auto dists = parse_all(o.distributions, "distribution",
                               [](const std::string& n) { return parse_distribution(n); });
  for (auto& b : c.benchmarks) {
    // A UTF-8 operation reads one type and text; the others, element types and numbers. Each
    // benchmark takes the overrides of its own kind.
    const bool text = is_utf8(b.operation);
    if (!types.empty() && !text) b.types = types;
    if (!sizes.empty()) b.sizes = sizes;
    std::vector<distribution> own;
    for (const distribution d : dists)
      if (text_mix_of(d).has_value() == text) own.push_back(d);
    if (!own.empty()) b.distributions = own;
  }
}

}  // namespace parprim::runner
