// Runs a shell command from a test and collects its exit status and output (stdout and stderr).
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace parprim::test {

struct command_output {
  int status = -1;   // the exit status; -1 when it did not exit normally
  std::string text;  // stdout and stderr
};

inline command_output run_command(const std::string& command) {
  command_output out;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  char buf[4096];
  while (std::size_t got = std::fread(buf, 1, sizeof buf, pipe)) out.text.append(buf, got);
  const int raw = pclose(pipe);
  out.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

}  // namespace parprim::test
