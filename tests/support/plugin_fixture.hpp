// Loading a built plugin by name and checking one problem against the oracle, for the tests of
// one plugin.
#pragma once

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <cstdio>
#include <filesystem>
#include <string>

#include "parprim/generators.hpp"
#include "parprim/plugin_client.hpp"
#include "parprim/reference.hpp"
#include "parprim/validate.hpp"

namespace parprim::test {

inline plugin_client built_plugin(const std::string& name) {
  return plugin_client(load_plugin(std::filesystem::path(PARPRIM_TEST_PLUGIN_DIR) /
                                   ("parprim_plugin_" + name + ".so")));
}

/// Runs `p` once on `in` and returns the first mismatch with the oracle.
inline std::optional<mismatch> check_input_against_oracle(const plugin_client& client,
                                                          const problem& p, const host_array& in) {
  const std::uint64_t n = in.size();
  const bool pairs = p.has_values();
  const host_array values = pairs ? generate_values(p.dtype, n) : host_array();
  const auto expected = compute_reference(p, in, pairs ? &values : nullptr);
  const run_result got = run_once(client, p, in, pairs ? &values : nullptr);
  REQUIRE(got.input_unchanged);
  return validate(p, in, expected, {&got.out, &got.values_out, got.count});
}

/// Runs `p` once at size n on a seeded input and returns the first mismatch with the oracle.
inline std::optional<mismatch> check_against_oracle(const plugin_client& client, const problem& p,
                                                    std::uint64_t n, distribution d,
                                                    std::uint64_t seed) {
  return check_input_against_oracle(client, p, generate(p.dtype, d, n, seed));
}

/// Runs a shell command; returns its exit status and output.
inline std::pair<int, std::string> run_command(const std::string& command) {
  std::string text;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  char buf[4096];
  while (std::size_t got = std::fread(buf, 1, sizeof buf, pipe)) text.append(buf, got);
  const int raw = pclose(pipe);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw), text};
}

}  // namespace parprim::test
