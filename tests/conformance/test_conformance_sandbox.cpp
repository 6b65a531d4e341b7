// parprim-conformance runs each plugin's child in the sandbox (docs/isolation.md): a plugin
// whose scans are right and which writes into a home folder and sends a secret to a listener
// passes, each refusal is listed once, and nothing was written or sent; with --no-sandbox the
// same plugin writes its file (the test can fail).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "command_output.hpp"

namespace fs = std::filesystem;

namespace {

struct home_folder {
  fs::path path =
      fs::temp_directory_path() / ("parprim_conformance_home_" + std::to_string(getpid()));
  home_folder() {
    fs::remove_all(path);
    fs::create_directories(path);
    std::ofstream(path / "secret") << "the secret\n";
  }
  ~home_folder() { fs::remove_all(path); }
};

parprim::test::command_output conformance(const home_folder& home, const std::string& args) {
  return parprim::test::run_command("PARPRIM_PLANTED_HOME=" + home.path.string() + " " +
                                    PARPRIM_CONFORMANCE_EXE + " --max-size 5000 --plugins " +
                                    PARPRIM_ESCAPES_PLUGIN + " " + args + " '[scan]'");
}

}  // namespace

TEST_CASE(
    "conformance sandbox: a plugin that writes into a home folder passes, refused and named") {
  home_folder home;
  const auto out = conformance(home, "--variants write_home,read_home,exec_shell,well_behaved");
  INFO(out.text);
  CHECK(out.status == 0);
  const std::string plugin = std::string("conformance: ") + PARPRIM_ESCAPES_PLUGIN + ": sandbox: ";
  CHECK(out.text.find(plugin + "write to " + (home.path / "written_by_plugin").string() +
                      " refused") != std::string::npos);
  CHECK(out.text.find(plugin + "read of " + (home.path / "secret").string() + " refused") !=
        std::string::npos);
  CHECK(out.text.find(plugin + "exec of /bin/sh refused") != std::string::npos);
  CHECK(out.text.find("conformance: 1 plugins passed, 0 failed") != std::string::npos);
  CHECK_FALSE(fs::exists(home.path / "written_by_plugin"));
  CHECK_FALSE(fs::exists(home.path / "exec_ran"));
}

TEST_CASE("conformance sandbox: with --no-sandbox the same plugin writes its file") {
  home_folder home;
  const auto out = conformance(home, "--no-sandbox --variants write_home");
  INFO(out.text);
  CHECK(out.status == 0);
  CHECK(out.text.find("sandbox:") == std::string::npos);
  CHECK(fs::exists(home.path / "written_by_plugin"));
}
