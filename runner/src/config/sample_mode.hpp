// How one sample is taken (docs/measurement.md), after nvbench:
//   cold:  the plugin's caches are flushed before the sample (the GPU's L2, the CPU's last
//          level), and on a GPU the sample's launches are queued behind a stream hold, so the
//          GPU time is the work alone; the host's wall time of the same sample is kept beside it.
//   hot:   the same without the flush: the caches hold what the previous sample left.
//   batch: batch_runs runs back to back between one pair of timer calls, time / batch_runs: for
//          problems so small that one run is mostly launch latency.
#pragma once

#include <optional>
#include <string_view>

#include "parprim/generators.hpp"
#include "parprim/types.hpp"

namespace parprim::runner {

// The runner's to_string overloads sit beside (not in front of) parprim's own.
using parprim::to_string;

enum class sample_mode { cold, hot, batch };

inline const char* to_string(sample_mode m) {
  switch (m) {
    case sample_mode::cold:
      return "cold";
    case sample_mode::hot:
      return "hot";
    case sample_mode::batch:
      return "batch";
  }
  return "?";
}

inline std::optional<sample_mode> parse_sample_mode(std::string_view text) {
  for (const sample_mode m : {sample_mode::cold, sample_mode::hot, sample_mode::batch})
    if (text == to_string(m)) return m;
  return std::nullopt;
}

}  // namespace parprim::runner
