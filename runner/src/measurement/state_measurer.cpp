#include "measurement/state_measurer.hpp"

#include <chrono>

#include "measurement/measure.hpp"
#include "measurement/sampler.hpp"
#include "parprim/validate.hpp"

namespace parprim::runner {

double bytes_moved(const problem& p, std::uint64_t n, std::uint64_t kept) {
  const double s = double(dtype_size(p.dtype));
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      return 2.0 * double(n) * s;
    case PARPRIM_OP_COMPACT:
      return double(n + kept) * s;
    case PARPRIM_OP_SORT:
      return (p.has_values() ? 4.0 : 2.0) * double(n) * s;
    case PARPRIM_OP_UTF8_DECODE:
    case PARPRIM_OP_UTF8_ENCODE:
      // The input read, plus what was written: `kept` elements of the output type (none for
      // the validate form).
      return double(n) * s +
             (p.is_validation() ? 0.0 : double(kept) * double(dtype_size(p.output_dtype())));
  }
  return 0;
}

record state_measurer::run(record r, const state_views& inputs) {
  // Whether the buffers and the plan were made: a size the backend cannot hold is skipped, but
  // once it has said it can, running out of memory in run() is the run's failure.
  bool planned = false;
  try {
    measure(r, inputs, planned);
  } catch (const plugin_error& e) {
    if (e.status() == PARPRIM_OUT_OF_MEMORY && planned) {
      r.status = record_status::failed;
      r.reason =
          std::string("out of memory in run(), after its plan and buffers were made: ") + e.what();
    } else if (e.status() == PARPRIM_OUT_OF_MEMORY) {
      r.status = record_status::skipped;
      r.reason = std::string("out of memory: ") + e.what();
    } else if (e.status() == PARPRIM_UNSUPPORTED) {
      r.status = record_status::skipped;
      r.reason = e.what();
    } else {
      r.status = record_status::failed;
      r.reason = e.what();
      if (e.status() == PARPRIM_DEVICE_LOST) device_lost_ = true;
    }
  } catch (const std::bad_alloc&) {
    r.status = record_status::skipped;
    r.reason = "out of host memory";
  } catch (const std::exception& e) {
    r.status = record_status::failed;
    r.reason = e.what();
  }
  return r;
}

void state_measurer::measure(record& r, const state_views& inputs, bool& planned) {
  const problem& p = r.task;
  const host_array& in = inputs.in;
  // Pair values exist in a state that has a pairs form; only that form uses them.
  const host_array* values = p.has_values() ? inputs.values_ptr() : nullptr;
  const problem_buffers buffers = prepare_buffers(client_, p, in, values);
  const plugin_plan plan = client_.create_plan(p, r.n);
  planned = true;
  const parprim_io io = buffers.io();
  const std::uint64_t bytes = in.bytes();

  // Validate first: one run, downloaded and compared with the oracle. Only a correct backend
  // is timed.
  run_result got = validation_run(client_, plan, buffers, p, in);
  if (const auto m = validate(p, in, inputs.expected, got.output())) {
    r.status = record_status::failed;
    r.first_mismatch = m->describe();
    r.reason = "validation failed: " + m->describe();
    return;
  }
  if (!got.input_unchanged) {
    r.status = record_status::failed;
    r.reason = "validation failed: run modified its input";
    return;
  }
  r.kept = p.has_count() ? got.count : r.n;
  r.bytes_moved = bytes_moved(p, r.n, r.kept);

  // One timed call per sample. A plugin that times a region of its own call gives that region
  // as the sample, and the runner's time of the whole call is kept beside it; a host copy is no
  // roofline for a region inside a call, so it gets no copy baseline.
  r.timing = client_.summary().timing;
  const bool own_region = r.timing == PARPRIM_TIMING_OWN_REGION;
  sampler sample(client_, settings_, own_region);
  std::vector<double> calls;
  std::string no_region;  // why a run timed no region of its own, when one did not
  r.time = measure_in_mode(sample, settings_, [&] {
    const double call = sample([&] { client_.run(plan, io); });
    if (!own_region) return call;
    calls.push_back(call);
    std::string why;
    const std::optional<double> own = client_.own_time(plan, why);
    if (!own && no_region.empty()) no_region = why.empty() ? "no region timed" : why;
    return own.value_or(call);
  });
  // The last `samples` samples are the timed ones (warm-up samples come first).
  const auto timed = [&](std::vector<double> all) {
    all.erase(all.begin(), all.end() - r.time->samples);
    return summarize(std::move(all));
  };
  // A valid result is never lost for want of a timer: when any run timed no region, every
  // sample of the state is the whole call, so that one basis holds for the whole record.
  if (!no_region.empty()) {
    r.time = timed(calls);
    r.timing = PARPRIM_TIMING_WHOLE_CALL;
    r.timing_note = no_region;
  }
  r.host_time = timed(sample.host_times());
  r.mode = sample.mode();
  r.batch_runs = r.mode == sample_mode::batch ? sample.runs() : 0;
  r.launches_queued = sample.launches_queued();
  r.mode_note = sample.note();
  r.clocks = sample.clocks();
  r.clocks_note = sample.clocks_note();
  if (r.timing == PARPRIM_TIMING_OWN_REGION)
    r.call_time = timed(std::move(calls));
  else if (!own_region) {  // a whole course call (allocations, copies) has no copy roofline either
    r.copy_time = copy_baseline(buffers, bytes, p.params);
    // An operation that only reads is held to a pass that only reads as well.
    if (p.is_validation()) r.read_time = read_baseline(buffers, bytes, p.params);
  }

  if (settings_.end_to_end) {
    measurement_settings e2e = settings_;
    e2e.warmup = 0;
    e2e.min_samples = e2e.max_samples = settings_.end_to_end_samples;
    using clock = std::chrono::steady_clock;
    r.end_to_end_time = runner::measure(e2e, [&] {
      const auto t0 = clock::now();
      client_.upload(buffers.in, in.data(), bytes);
      if (values) client_.upload(buffers.values_in, values->data(), bytes);
      client_.run(plan, io);
      // The output's bytes as the host must take them without knowing the count first.
      client_.download(got.out.data(), buffers.out, got.out.bytes());
      if (values) client_.download(got.values_out.data(), buffers.values_out, bytes);
      if (p.has_count()) client_.download(&got.count, buffers.count, sizeof(std::uint64_t));
      if (p.is_validation())
        client_.download(&got.first_error, buffers.first_error, sizeof(std::uint64_t));
      client_.synchronize();
      return std::chrono::duration<double>(clock::now() - t0).count();
    });
  }
}

template <class Pass>
sample_stats state_measurer::time_baseline(const Pass& pass) {
  // In the operation's mode: the roofline of a cold sample is a cold pass.
  sampler sample(client_, settings_, false);
  return measure_in_mode(sample, settings_, [&] { return sample(pass); });
}

const sample_stats& state_measurer::copy_baseline(const problem_buffers& buffers,
                                                  std::uint64_t bytes,
                                                  const baseline_key::second_type& params) {
  const baseline_key key{bytes, params};
  if (auto it = copy_cache_.find(key); it != copy_cache_.end()) return it->second;
  return copy_cache_
      .emplace(key, time_baseline([&] { client_.copy(buffers.out, buffers.in, bytes); }))
      .first->second;
}

const std::optional<sample_stats>& state_measurer::read_baseline(
    const problem_buffers& buffers, std::uint64_t bytes, const baseline_key::second_type& params) {
  const baseline_key key{bytes, params};
  if (auto it = read_cache_.find(key); it != read_cache_.end()) return it->second;
  std::optional<sample_stats> s;
  if (client_.read_bytes(buffers.in, 0))  // offered: a plugin built before it says no
    s = time_baseline([&] { client_.read_bytes(buffers.in, bytes); });
  return read_cache_.emplace(key, s).first->second;
}

}  // namespace parprim::runner
