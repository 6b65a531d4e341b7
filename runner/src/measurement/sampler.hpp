// One timed sample of a plugin's call in a sample mode (sample_mode.hpp, docs/measurement.md):
// the cache flush before it, the stream hold around its enqueue, one or batch_runs calls between
// the plugin's timer calls, the host's wall time of the same sample, and the clocks after it.
// What the plugin does not offer is left out and said in note(): a plugin without a flush is
// sampled hot, one whose run() waits on the GPU inside the call is sampled without the hold.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "parprim/plugin_client.hpp"
#include "records/record.hpp"

namespace parprim::runner {

/// Thrown by a sample whose stream hold ran into its timeout: the call waited on the GPU
/// inside itself, so the sampling starts over without the hold (sampler::drop_hold()).
struct stream_hold_timed_out {};

class sampler {
 public:
  /// `own_region`: the plugin times a region of its call itself; its timer synchronizes inside
  /// the call (no hold) and its time is per call (no batch).
  sampler(const plugin_client& client, const measurement_settings& settings, bool own_region);

  /// One sample of `call`: the plugin's timer's seconds per call. May throw
  /// stream_hold_timed_out.
  double operator()(const std::function<void()>& call);

  void drop_hold();
  /// Starts a new set of samples (the host times and clocks of the previous one are dropped).
  void restart();

  sample_mode mode() const { return mode_; }
  int runs() const { return runs_; }
  bool launches_queued() const { return hold_; }
  const std::string& note() const { return note_; }
  /// The host's wall time of each sample since restart(), per call.
  const std::vector<double>& host_times() const { return host_times_; }
  const std::optional<clock_range>& clocks() const { return clocks_; }
  const std::string& clocks_note() const { return clocks_note_; }

 private:
  void add_note(const std::string& text);
  void read_clocks();

  const plugin_client& client_;
  sample_mode mode_;
  int runs_ = 1;
  bool flush_ = false, hold_ = false, watch_clocks_ = true;
  std::string note_, clocks_note_;
  std::vector<double> host_times_;
  std::optional<clock_range> clocks_;
};

/// runner::measure() over `sample` (one call of `s`), started over without the stream hold when
/// a hold ran into its timeout.
sample_stats measure_in_mode(sampler& s, const measurement_settings& settings,
                             const std::function<double()>& sample);

}  // namespace parprim::runner
