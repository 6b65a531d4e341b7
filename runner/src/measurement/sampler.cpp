#include "measurement/sampler.hpp"

#include <algorithm>

#include "measurement/measure.hpp"

namespace parprim::runner {

sampler::sampler(const plugin_client& client, const measurement_settings& settings, bool own_region)
    : client_(client), mode_(settings.mode_for(client.summary().domain)) {
  if (mode_ == sample_mode::batch && own_region) {
    mode_ = sample_mode::hot;
    add_note("batch asked; the plugin times one call itself, so each sample is one call (hot)");
  }
  runs_ = mode_ == sample_mode::batch ? settings.batch_runs : 1;
  flush_ = mode_ == sample_mode::cold;
  // A batch's launches queue behind each other; a hold would only bound how many may wait.
  hold_ = mode_ != sample_mode::batch && !own_region &&
          client.summary().domain == PARPRIM_DOMAIN_DEVICE;
}

void sampler::add_note(const std::string& text) {
  note_ += (note_.empty() ? "" : "; ") + text;
}

void sampler::drop_hold() {
  hold_ = false;
  add_note("run() waits for the GPU inside the call: samples taken without the stream hold");
}

void sampler::restart() {
  host_times_.clear();
  clocks_.reset();
}

double sampler::operator()(const std::function<void()>& call) {
  if (flush_) {
    if (client_.flush_caches()) {
      // The flush is done before the host's clock starts (as nvbench does): its time is
      // neither the work's nor the caller's.
      client_.synchronize();
    } else {
      flush_ = false;
      mode_ = sample_mode::hot;
      add_note("cold asked; the plugin cannot flush its caches, so samples are hot");
    }
  }
  if (hold_ && !client_.hold_stream()) {
    hold_ = false;  // a plugin without a hold: its launches are timed as they are enqueued
  }
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  client_.timer_start();
  for (int i = 0; i < runs_; ++i) call();
  client_.timer_stop();
  if (hold_ && client_.release_stream()) {
    client_.timer_elapsed();  // let the stream drain before anything else is enqueued
    throw stream_hold_timed_out{};
  }
  const double seconds = client_.timer_elapsed() / runs_;
  host_times_.push_back(std::chrono::duration<double>(clock::now() - start).count() / runs_);
  if (watch_clocks_) read_clocks();
  return seconds;
}

void sampler::read_clocks() {
  std::string why_not;
  const auto c = client_.read_clocks(&why_not);
  if (!c) {
    watch_clocks_ = false;  // asked once per state: a plugin without clocks stays without
    clocks_note_ = why_not;
    return;
  }
  if (!clocks_) {
    clocks_ = clock_range{
        c->sm_mhz, c->sm_mhz, c->memory_mhz, c->memory_mhz, c->max_sm_mhz, c->max_memory_mhz, 0, 0};
  }
  clock_range& r = *clocks_;
  r.sm_mhz_min = std::min(r.sm_mhz_min, c->sm_mhz);
  r.sm_mhz_max = std::max(r.sm_mhz_max, c->sm_mhz);
  r.memory_mhz_min = std::min(r.memory_mhz_min, c->memory_mhz);
  r.memory_mhz_max = std::max(r.memory_mhz_max, c->memory_mhz);
  r.throttle_reasons |= c->throttle_reasons;
  ++r.readings;
}

sample_stats measure_in_mode(sampler& s, const measurement_settings& settings,
                             const std::function<double()>& sample) {
  try {
    s.restart();
    return measure(settings, sample);
  } catch (const stream_hold_timed_out&) {
    s.drop_hold();
    s.restart();
    return measure(settings, sample);
  }
}

}  // namespace parprim::runner
