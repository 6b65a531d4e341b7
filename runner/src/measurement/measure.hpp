// The measurement loop, owned by the runner: warm-up, then samples until the stopping rule.
#pragma once

#include <functional>

#include "config/config.hpp"
#include "records/record.hpp"

namespace parprim::runner {

/// Calls `sample` (which returns one timed duration in seconds) until at least min_samples
/// were taken and min_time of samples gathered and the relative noise is at most max_noise,
/// or until max_samples or max_time of wall time is reached; warm-up calls come first and are
/// not kept.
sample_stats measure(const measurement_settings& s, const std::function<double()>& sample);

/// Summary statistics of a set of sample times.
sample_stats summarize(std::vector<double> samples);

}  // namespace parprim::runner
