// The conformance suite's own main: Catch2's command line plus --plugins, so that a plugin
// author can point the installed suite at a plugin built anywhere:
//   parprim-conformance --plugins build/lib/parprim
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "conformance_plugins.hpp"

int main(int argc, char** argv) {
  Catch::Session session;
  std::string plugins;
  session.cli(session.cli() |
              Catch::clara::Opt(plugins, "files or folders")["--plugins"](
                  "the plugins to test, ':'-separated (default: $PARPRIM_CONFORMANCE_PLUGINS, "
                  "else the plugin folder beside this executable)"));
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;
  parprim::conformance::request_plugins(plugins);
  return session.run();
}
