// libFuzzer target: the runner's config reader on arbitrary bytes. Whatever the text, it must
// come back with a config or diagnostics: no crash, no hang, no unbounded memory (sanitizers on).
// Built by the `fuzz` preset; scripts/run_fuzzers.sh replays the committed corpus and fuzzes
// for a bounded time (docs/isolation.md).
#include <cstddef>
#include <cstdint>
#include <string>

#include "config/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  parprim::runner::diagnostics diag;
  const auto cfg = parprim::runner::parse_config(text, "fuzz.yaml", diag);
  // Every problem is a one-line message naming where it is.
  for (const auto& d : diag.items())
    if (d.message.empty()) __builtin_trap();
  if (cfg && cfg->benchmarks.size() > size) __builtin_trap();  // each benchmark needs text
  return 0;
}
