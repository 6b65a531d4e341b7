#include "conformance_isolation.hpp"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

#include "conformance_tally.hpp"
#include "parprim/isolation/child_process.hpp"
#include "parprim/loader.hpp"
#include "parprim/sandbox/sandbox.hpp"

namespace parprim::conformance {
namespace fs = std::filesystem;

namespace {

constexpr const char* breadcrumb_variable = "PARPRIM_CONFORMANCE_BREADCRUMB";

std::string read_file(const fs::path& path) {
  std::ifstream f(path);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

enum class outcome { passed, failed, unavailable, nothing_matched };

// Runs one plugin's child; prints a line saying how it went when it did not end by itself.
outcome test_one(const fs::path& self, const fs::path& file, const isolation_options& options) {
  // The child's scratch folder holds its breadcrumb, the one file it writes (in the sandbox,
  // the one folder it may write in).
  const sandbox::scratch_folder scratch;
  const fs::path breadcrumb = scratch.path() / "case";
  std::error_code ec;
  isolation::child_spec spec;
  spec.executable = self;
  spec.args = options.forwarded_args;
  spec.args.insert(spec.args.end(), {"--isolated-plugin", file.string()});
  spec.environment = {std::string(breadcrumb_variable) + "=" + breadcrumb.string()};
  if (options.sandbox)
    for (auto& entry : sandbox::worker_environment(
             sandbox::policy_for_plugin(file, plugin_name_of_file(file), options.network_plugins,
                                        scratch.path(), options.cpu_time_s)))
      spec.environment.push_back(std::move(entry));
  std::cout.flush();
  isolation::child_process child(spec);

  // The watchdog restarts with every case the child notes.
  auto last_case = fs::file_time_type::min();
  auto since = std::chrono::steady_clock::now();
  std::optional<isolation::termination> ended;
  while (!(ended = child.wait_for(std::chrono::milliseconds(50)))) {
    const auto stamp = fs::last_write_time(breadcrumb, ec);
    if (!ec && stamp != last_case) {
      last_case = stamp;
      since = std::chrono::steady_clock::now();
    }
    if (std::chrono::steady_clock::now() - since >
        std::chrono::duration<double>(options.case_timeout_s)) {
      child.kill();
      std::cout << "conformance: " << file.string() << ": FAILED: no answer within "
                << options.case_timeout_s << " s: stopped, in " << read_file(breadcrumb) << "\n";
      return outcome::failed;
    }
  }
  // The child empties its breadcrumb when its tests have run to the end, so a breadcrumb
  // left behind names the case in which a plugin crashed, aborted or exited.
  const std::string where = read_file(breadcrumb);
  if (where.empty()) {
    if (ended->signaled) {
      std::cout << "conformance: " << file.string() << ": FAILED: " << ended->describe() << "\n";
      return outcome::failed;
    }
    if (ended->code == 0) return outcome::passed;
    if (ended->code == exit_unavailable) return outcome::unavailable;
    if (ended->code == exit_no_test_case) return outcome::nothing_matched;  // the child said so
    return outcome::failed;  // Catch has reported each failure
  }
  std::string how;
  if (ended->signaled)
    how = ended->code == SIGABRT ? "aborted (SIGABRT)" : "crashed: " + ended->describe();
  else
    how = "the plugin called exit(" + std::to_string(ended->code) + ")";
  std::cout << "conformance: " << file.string() << ": FAILED: " << how << ", in " << where << "\n";
  return outcome::failed;
}

}  // namespace

int run_isolated(const fs::path& self, const std::vector<fs::path>& files,
                 const isolation_options& options) {
  if (options.sandbox) {
    // Said once; with --require-sandbox, nothing is tested without the whole sandbox.
    for (const auto& missing : sandbox::kernel_support().missing()) {
      std::cout << "conformance: sandbox: " << missing
                << (options.require_sandbox ? ", and --require-sandbox asks for it\n"
                                            : ": the plugins run without it\n");
      if (options.require_sandbox) return 1;
    }
  }
  int passed = 0, failed = 0, unavailable = 0, nothing_matched = 0;
  for (const auto& file : files) {
    switch (test_one(self, file, options)) {
      case outcome::passed:
        ++passed;
        break;
      case outcome::failed:
        ++failed;
        break;
      case outcome::unavailable:
        ++unavailable;
        break;
      case outcome::nothing_matched:
        ++nothing_matched;
        break;
    }
  }
  std::cout << "conformance: " << passed << " plugins passed, " << failed << " failed, "
            << unavailable << " unavailable here\n";
  if (nothing_matched) {
    std::cout << "conformance: the test spec matched no test case for " << nothing_matched
              << " plugins: nothing was checked\n";
    return 1;
  }
  if (failed) return 1;
  if (passed == 0 && options.require_available) {
    std::cout << "conformance: no plugin could be tested here, and --require-available asks "
                 "for one\n";
    return 1;
  }
  return 0;
}

bool enter_sandbox(const fs::path& plugin) {
  try {
    if (const auto policy = sandbox::policy_from_environment()) sandbox::enter(*policy);
    return true;
  } catch (const std::exception& e) {
    std::cout << "conformance: " << plugin.string() << ": cannot enter the sandbox: " << e.what()
              << "\n";
    return false;
  }
}

void report_refusals(const fs::path& plugin) {
  for (const auto& refusal : sandbox::take_refusals())
    std::cout << "conformance: " << plugin.string() << ": sandbox: " << refusal << "\n";
}

void note_case(const std::string& text) {
  static const char* path = std::getenv(breadcrumb_variable);
  if (!path) return;
  std::ofstream(path, std::ios::trunc) << text;
}

}  // namespace parprim::conformance
