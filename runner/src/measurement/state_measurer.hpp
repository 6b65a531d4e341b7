// Validates and times one record on a plugin loaded in this process: the work of a state for
// one backend, variant and parameter set. The worker process runs exactly this; so does the
// in-process mode (--no-isolation), so isolation changes no measured figure.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>

#include "config/config.hpp"
#include "measurement/state_arena.hpp"
#include "parprim/plugin_client.hpp"
#include "records/record.hpp"

namespace parprim::runner {

/// Bytes an operation must move at the least: one read of its input and one write of its
/// output (docs/measurement.md).
double bytes_moved(const problem& p, std::uint64_t n, std::uint64_t kept);

class state_measurer {
 public:
  state_measurer(const plugin_client& client, const measurement_settings& settings)
      : client_(client), settings_(settings) {}

  /// Fills in `r` (which names the problem, n and seed) from a validation run and the timed
  /// samples; a plugin error becomes a failed or skipped record with its reason.
  record run(record r, const state_views& inputs);

  /// Set once the plugin reported a sticky device error: nothing more should run in this
  /// process.
  bool device_lost() const { return device_lost_; }

 private:
  void measure(record& r, const state_views& inputs, bool& planned);
  // A baseline per size and parameter values: a parameter may change where the buffers live
  // (the nccl plugin's `gpus` shards them across more GPUs, and the copy with them).
  using baseline_key = std::pair<std::uint64_t, std::map<std::string, std::int64_t>>;
  /// One baseline pass timed in the operation's sample mode (a template, so that no indirect
  /// call sits in the timed region).
  template <class Pass>
  sample_stats time_baseline(const Pass& pass);
  const sample_stats& copy_baseline(const problem_buffers& buffers, std::uint64_t bytes,
                                    const baseline_key::second_type& params);
  /// The read-only pass over the input's bytes, where the plugin offers one.
  const std::optional<sample_stats>& read_baseline(const problem_buffers& buffers,
                                                   std::uint64_t bytes,
                                                   const baseline_key::second_type& params);

  const plugin_client& client_;
  const measurement_settings& settings_;
  bool device_lost_ = false;
  std::map<baseline_key, sample_stats> copy_cache_;
  std::map<baseline_key, std::optional<sample_stats>> read_cache_;
};

}  // namespace parprim::runner
