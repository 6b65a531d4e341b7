// The conformance suite's own main: Catch2's command line plus --plugins, so that a plugin
// author can point the installed suite at a plugin built anywhere:
//   parprim-conformance --plugins build/lib/parprim
// Each plugin is tested in a child process of its own (conformance_isolation.hpp), unless
// --no-isolation asks for one process (for a debugger) or Catch2 is only asked to list.
#define CATCH_CONFIG_RUNNER
// A crash is the parent's to report, once, with the case it ended (conformance_ledger.hpp):
// Catch2's own report of the signal would repeat in every fresh child.
#define CATCH_CONFIG_NO_POSIX_SIGNALS
#include <catch2/catch.hpp>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "conformance_cases.hpp"
#include "conformance_isolation.hpp"
#include "conformance_plugins.hpp"
#include "conformance_tally.hpp"

namespace {

// Catch2's own arguments, without the ones this main handles, for the children.
std::vector<std::string> forwarded(int argc, char** argv) {
  const std::vector<std::string> ours_with_value = {"--plugins", "--case-timeout",
                                                    "--isolated-plugin", "--sandbox-network"};
  const std::vector<std::string> our_flags = {"--no-isolation", "--require-available",
                                              "--no-sandbox", "--require-sandbox"};
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    bool ours = std::find(our_flags.begin(), our_flags.end(), a) != our_flags.end();
    for (const auto& o : ours_with_value) {
      if (a == o) {
        ours = true;
        ++i;  // its value
      } else if (a.starts_with(o + "=")) {
        ours = true;
      }
    }
    if (!ours) out.push_back(a);
  }
  return out;
}

// After a run: a test spec that matched no test case checked nothing, which is said and fails.
int nothing_matched(Catch::Session& session) {
  std::string spec;
  for (const auto& s : session.configData().testsOrTags) spec += (spec.empty() ? "" : " ") + s;
  std::cout << "conformance: no test case matches the test spec '" << spec
            << "': nothing was checked\n";
  return parprim::conformance::exit_no_test_case;
}

}  // namespace

int main(int argc, char** argv) {
  Catch::Session session;
  std::string plugins, isolated_plugin;
  bool no_isolation = false;
  bool no_sandbox = false;
  std::optional<std::string> network_text;
  // $PARPRIM_CONFORMANCE_MAX_SIZE is --max-size's default: the asan test preset sets it, since
  // the sanitizers make the largest cases the slowest part of CI without finding more there.
  std::uint64_t max_size = ~std::uint64_t(0);
  if (const char* text = std::getenv("PARPRIM_CONFORMANCE_MAX_SIZE")) {
    const char* end = text + std::strlen(text);
    const auto [stop, ec] = std::from_chars(text, end, max_size);
    if (ec != std::errc() || stop != end || stop == text) {
      std::cerr << "parprim-conformance: PARPRIM_CONFORMANCE_MAX_SIZE='" << text
                << "' is not a size\n";
      return 2;
    }
  }
  std::string form_text, param_text, variant_text;
  parprim::conformance::repeat_settings repeat;
  parprim::conformance::isolation_options options;
  using Catch::clara::Opt;
  session.cli(session.cli() |
              Opt(plugins, "files or folders")["--plugins"](
                  "the plugins to test, ':'-separated (default: $PARPRIM_CONFORMANCE_PLUGINS, "
                  "else the plugin folder beside this executable)") |
              Opt(no_isolation)["--no-isolation"](
                  "test every plugin in this process (for a debugger; a crash then ends the run)") |
              Opt(options.require_available)["--require-available"](
                  "fail when no plugin can be tested here (for GPU machines and CI)") |
              Opt(no_sandbox)["--no-sandbox"](
                  "test the plugins without the sandbox (docs/isolation.md), for a trusted "
                  "plugin that needs more than it allows") |
              Opt(network_text, "names")["--sandbox-network"](
                  "the plugins (comma-separated names) whose child may use the network in the "
                  "sandbox (default: nccl, whose library bootstraps over TCP; 'none' for none)") |
              Opt(options.require_sandbox)["--require-sandbox"](
                  "fail where the kernel lacks Landlock or seccomp (by default the suite says "
                  "so once and goes on without the missing piece)") |
              Opt(options.case_timeout_s, "seconds")["--case-timeout"](
                  "stop a plugin that spends longer than this on one case (default 60)") |
              Opt(max_size, "n")["--max-size"](
                  "test sizes up to n only (for slow checkers such as compute-sanitizer; "
                  "default: $PARPRIM_CONFORMANCE_MAX_SIZE, else every size)") |
              Opt(form_text, "text")["--forms"](
                  "test the forms whose description contains this text only, e.g. "
                  "'pairs descending' or 'inclusive'") |
              Opt(param_text, "name=value,...")["--params"](
                  "test the variants that declare these parameters at these values, e.g. "
                  "'block_size=64,items_per_thread=2' (a shape a plugin refuses as unsupported "
                  "is skipped)") |
              Opt(variant_text, "names")["--variants"](
                  "test only the variants of these comma-separated names, e.g. 'lookback'") |
              Opt(repeat.runs, "runs")["--repeat-runs"](
                  "the repeatability check ('[repeatability]'): runs of each problem "
                  "(default 1000)") |
              Opt(repeat.n,
                  "n")["--repeat-size"]("the repeatability check's input size (default 2^24 + 7)") |
              Opt(isolated_plugin, "file")["--isolated-plugin"]("(internal) test this one file"));
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;

  parprim::conformance::limit_sizes(max_size);
  parprim::conformance::limit_forms(form_text);
  parprim::conformance::limit_variants(variant_text);
  parprim::conformance::choose_repeat_settings(repeat);
  try {
    parprim::conformance::choose_params(param_text);
  } catch (const std::invalid_argument& e) {
    std::cerr << "parprim-conformance: " << e.what() << "\n";
    return 2;
  }
  const auto& cfg = session.configData();
  const bool listing =
      cfg.showHelp || cfg.listTests || cfg.listTestNamesOnly || cfg.listTags || cfg.listReporters;
  if (!isolated_plugin.empty()) {
    // A child: one plugin, in the sandbox its parent set out, entered before the plugin is
    // loaded. An unavailable one is said once and not tested.
    if (!parprim::conformance::enter_sandbox(isolated_plugin)) return 1;
    parprim::conformance::request_plugins(isolated_plugin);
    const auto& set = parprim::conformance::plugins_under_test();
    if (set.available.empty() && set.load_errors.empty()) {
      for (const auto& u : set.unavailable)
        std::cout << "conformance: unavailable, skipped: " << u << "\n";
      parprim::conformance::report_refusals(isolated_plugin);  // maybe why
      return parprim::conformance::exit_unavailable;
    }
    const int failed_assertions = session.run();
    parprim::conformance::report_refusals(isolated_plugin);
    parprim::conformance::note_case("");  // ran to the end
    if (parprim::conformance::test_cases_run() == 0) return nothing_matched(session);
    // Catch2 exits with its count of failures, which could be any code, exit_unavailable too.
    return failed_assertions == 0 ? 0 : parprim::conformance::exit_tests_failed;
  }
  parprim::conformance::request_plugins(plugins);
  if (listing) return session.run();
  if (no_isolation) {
    const int failed_assertions = session.run();
    if (parprim::conformance::test_cases_run() == 0) return nothing_matched(session);
    return failed_assertions;
  }
  options.forwarded_args = forwarded(argc, argv);
  options.sandbox = !no_sandbox;
  if (network_text) {
    options.network_plugins.clear();
    std::stringstream names(*network_text);
    for (std::string name; std::getline(names, name, ',');)
      if (!name.empty() && name != "none") options.network_plugins.push_back(name);
  }
  return parprim::conformance::run_isolated(std::filesystem::read_symlink("/proc/self/exe"),
                                            parprim::conformance::requested_plugin_files(),
                                            options);
}
