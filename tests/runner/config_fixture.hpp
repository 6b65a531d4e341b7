// Helpers to parse config text in tests and look at what came back.
#pragma once

#include <string>

#include "config/config.hpp"

namespace parprim::runner::test {

struct parsed {
  std::optional<config> cfg;
  diagnostics diag;
  /// All messages, one per line.
  std::string messages() const {
    std::string s;
    for (const auto& d : diag.items()) s += d.message + "\n";
    return s;
  }
};

inline parsed parse(const std::string& yaml) {
  parsed p;
  p.cfg = parse_config(yaml, "test.yaml", p.diag);
  return p;
}

}  // namespace parprim::runner::test
