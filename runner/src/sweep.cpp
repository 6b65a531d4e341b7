#include "sweep.hpp"

#include <algorithm>
#include <chrono>

#include "host_memory.hpp"
#include "measure.hpp"
#include "parprim/reference.hpp"
#include "parprim/validate.hpp"

namespace parprim::runner {
namespace {

std::string gib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(1ull << 30));
  return buf;
}

// Host bytes a state needs beyond its input: the reference and downloaded outputs, plus for a
// host-domain backend its buffers and scratch (estimated as one more copy of everything).
double host_bytes_needed(const problem& p, std::uint64_t n, bool host_domain) {
  const double arrays = p.has_values() ? 2.0 : 1.0;
  const double bytes = double(n) * double(dtype_size(p.dtype)) * arrays;
  const double oracle = 3 * bytes;  // reference, downloaded output, input read back
  return oracle + (host_domain ? 3 * bytes : 0);
}

}  // namespace

double bytes_moved(const problem& p, std::uint64_t n, std::uint64_t kept) {
  const double s = double(dtype_size(p.dtype));
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      return 2.0 * double(n) * s;
    case PARPRIM_OP_COMPACT:
      return double(n + kept) * s;
    case PARPRIM_OP_SORT:
      return (p.has_values() ? 4.0 : 2.0) * double(n) * s;
  }
  return 0;
}

std::uint64_t state_seed(std::uint64_t config_seed, parprim_dtype t, distribution d,
                         std::uint64_t n) {
  std::uint64_t x = config_seed ^ (n * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(d) << 48) ^
                    (std::uint64_t(t) << 56);
  x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

sweep::sweep(const config& c, std::vector<plugin_client> backends, progress& bar, diagnostics& diag)
    : config_(c), backends_(std::move(backends)), progress_(bar), diag_(diag) {}

std::size_t state_count(const config& c) {
  std::size_t count = 0;
  for (const auto& b : c.benchmarks)
    count += b.forms.size() * b.types.size() * b.distributions.size() * b.sizes.size();
  return count;
}

std::vector<std::map<std::string, std::int64_t>> sweep::param_combinations(
    const benchmark_config& b, const parprim_variant_info& v) const {
  std::vector<std::map<std::string, std::int64_t>> combos = {{}};
  for (const auto& [name, values] : b.params) {
    bool declared = false;
    for (std::uint32_t i = 0; i < v.param_count; ++i) declared |= name == v.params[i].name;
    if (!declared) continue;  // this axis belongs to other backends
    std::vector<std::map<std::string, std::int64_t>> next;
    for (const auto& combo : combos)
      for (std::int64_t v : values) {
        auto c = combo;
        c[name] = v;
        next.push_back(std::move(c));
      }
    combos = std::move(next);
  }
  return combos;
}

std::vector<record> sweep::run(const std::function<void(const std::vector<record>&)>& checkpoint) {
  std::vector<record> records;
  // A params axis that no backend declares is most likely a typo.
  for (const auto& b : config_.benchmarks)
    for (const auto& [name, values] : b.params) {
      bool anyone = false;
      for (const auto& c : backends_)
        for (std::uint32_t k = 0; k < c.descriptor().variant_count; ++k) {
          const auto& v = c.descriptor().variants[k];
          for (std::uint32_t i = 0; i < v.param_count; ++i) anyone |= name == v.params[i].name;
        }
      if (!anyone && !backends_.empty())
        diag_.add(exit_bad_config, config_.source.string() + ": benchmark '" + b.name +
                                       "': no backend declares the parameter '" + name + "'");
    }

  for (const auto& b : config_.benchmarks) {
    for (parprim_dtype t : b.types) {
      for (distribution d : b.distributions) {
        for (std::uint64_t n : b.sizes) {
          const std::uint64_t seed = state_seed(config_.seed, t, d, n);
          // A state no backend can run is one skipped record per form, for every backend.
          auto skip_every_form = [&](const std::string& reason) {
            for (const auto& f : b.forms) {
              progress_.step(b.name + " " + std::string(to_string(t)) + " n=" + std::to_string(n));
              record r;
              r.benchmark = b.name;
              r.task = f.for_type(t);
              r.n = n;
              r.input = d;
              r.seed = seed;
              r.backend = "-";
              r.status = record_status::skipped;
              r.reason = reason;
              records.push_back(r);
            }
          };
          if (!applies_to(d, t)) {
            skip_every_form(std::string(to_string(d)) + " inputs exist for f32 and f64 only");
            continue;
          }
          // One input per (type, distribution, size), shared by every form and backend.
          const auto available = host_memory_available();
          const double input_bytes = double(n) * double(dtype_size(t)) * 2;
          if (available && input_bytes > double(*available) * 0.9) {
            skip_every_form("input needs " + gib(input_bytes) + " of host memory, " +
                            gib(double(*available)) + " available");
            continue;
          }
          host_array in, values;
          try {
            in = generate(t, d, n, seed);
            if (std::any_of(b.forms.begin(), b.forms.end(),
                            [](const operation_form& f) { return f.shape.has_values(); }))
              values = generate_values(t, n);
          } catch (const std::bad_alloc&) {
            diag_.add(exit_bad_config, b.name + ": n=" + std::to_string(n) +
                                           " does not fit in host memory; left out");
            continue;
          }
          for (const auto& f : b.forms) {
            const problem p = f.for_type(t);
            progress_.step(b.name + " " + p.form() + " " + std::string(to_string(t)) + " " +
                           std::string(to_string(d)) + " n=" + std::to_string(n));
            run_state(b, p, d, n, seed, in, p.has_values() ? &values : nullptr, records);
          }
        }
      }
    }
    checkpoint(records);
  }
  return records;
}

void sweep::run_state(const benchmark_config& b, const problem& form, distribution d,
                      std::uint64_t n, std::uint64_t seed, const host_array& in,
                      const host_array* values, std::vector<record>& out) {
  std::optional<reference_output> expected;
  for (const plugin_client& client : backends_) {
    record base;
    base.benchmark = b.name;
    base.task = form;
    base.n = n;
    base.input = d;
    base.seed = seed;
    base.backend = client.name();
    base.backend_version = client.descriptor().version;

    if (!client.plugin().available()) {
      base.status = record_status::skipped;
      base.reason = "backend unavailable: " + *client.plugin().unavailable_reason;
      out.push_back(base);
      continue;
    }
    const auto variants = client.variants(form.operation);
    if (variants.empty()) {
      base.status = record_status::skipped;
      base.reason = "offers no " + std::string(to_string(form.operation));
      out.push_back(base);
      continue;
    }
    for (const parprim_variant_info* v : variants) {
      if (!b.variants.empty() &&
          std::find(b.variants.begin(), b.variants.end(), v->name) == b.variants.end())
        continue;  // the config asked for other variants
      for (const auto& params : param_combinations(b, *v)) {
        record r = base;
        r.task.variant = v->name;
        r.task.params = params;
        if (std::string why = client.unsupported_reason(r.task); !why.empty()) {
          r.status = record_status::skipped;
          r.reason = why;
          out.push_back(r);
          continue;
        }
        if (!expected) expected = compute_reference(form, in, values);
        run_backend(client, r.task, in, values, *expected, r, out);
      }
    }
  }
}

void sweep::run_backend(const plugin_client& client, const problem& p, const host_array& in,
                        const host_array* values, const reference_output& expected, record r,
                        std::vector<record>& out) {
  backend_state& state = backend_states_[client.name()];
  if (state.lost) {
    r.status = record_status::failed;
    r.reason = "not run: " + state.lost_reason;
    out.push_back(r);
    return;
  }
  const bool host_domain = client.descriptor().memory_domain == PARPRIM_DOMAIN_HOST;
  const double needed = host_bytes_needed(p, r.n, host_domain);
  if (auto available = host_memory_available(); available && needed > double(*available) * 0.9) {
    r.status = record_status::skipped;
    r.reason = "needs about " + gib(needed) + " more host memory, " + gib(double(*available)) +
               " available";
    out.push_back(r);
    return;
  }
  try {
    measure_backend(client, p, in, values, expected, r);
  } catch (const plugin_error& e) {
    if (e.status() == PARPRIM_OUT_OF_MEMORY) {
      r.status = record_status::skipped;
      r.reason = std::string("out of memory: ") + e.what();
    } else if (e.status() == PARPRIM_UNSUPPORTED) {
      r.status = record_status::skipped;
      r.reason = e.what();
    } else {
      r.status = record_status::failed;
      r.reason = e.what();
      if (e.status() == PARPRIM_DEVICE_LOST) {
        state.lost = true;
        state.lost_reason = std::string("an earlier state lost the device: ") + e.what();
      }
    }
  } catch (const std::bad_alloc&) {
    r.status = record_status::skipped;
    r.reason = "out of host memory";
  } catch (const std::exception& e) {
    r.status = record_status::failed;
    r.reason = e.what();
  }
  if (r.status == record_status::failed)
    diag_.add(exit_validation_failed, r.task.describe() + " n=" + std::to_string(r.n) + " " +
                                          std::string(to_string(r.input)) +
                                          " seed=" + std::to_string(r.seed) + ": " + r.label() +
                                          ": " + (r.first_mismatch ? *r.first_mismatch : r.reason));
  out.push_back(std::move(r));
}

void sweep::measure_backend(const plugin_client& client, const problem& p, const host_array& in,
                            const host_array* values, const reference_output& expected, record& r) {
  const problem_buffers buffers = prepare_buffers(client, p, in, values);
  const plugin_plan plan = client.create_plan(p, r.n);
  const parprim_io io = buffers.io();
  const std::uint64_t bytes = in.bytes();

  // Validate first: one run, downloaded and compared with the oracle. Only a correct backend
  // is timed.
  run_result got = validation_run(client, plan, buffers, p, in);
  if (const auto m = validate(p, in, expected, {&got.out, &got.values_out, got.count})) {
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
  r.kept = p.operation == PARPRIM_OP_COMPACT ? got.count : r.n;
  r.bytes_moved = bytes_moved(p, r.n, r.kept);

  r.time = measure(config_.measurement, [&] {
    client.timer_start();
    client.run(plan, io);
    client.timer_stop();
    return client.timer_elapsed();
  });
  r.copy_time = copy_baseline(client, buffers, bytes);

  if (config_.measurement.end_to_end) {
    measurement_settings e2e = config_.measurement;
    e2e.warmup = 0;
    e2e.min_samples = e2e.max_samples = config_.measurement.end_to_end_samples;
    using clock = std::chrono::steady_clock;
    r.end_to_end_time = measure(e2e, [&] {
      const auto t0 = clock::now();
      client.upload(buffers.in, in.data(), bytes);
      if (values) client.upload(buffers.values_in, values->data(), bytes);
      client.run(plan, io);
      client.download(got.out.data(), buffers.out, bytes);
      if (values) client.download(got.values_out.data(), buffers.values_out, bytes);
      if (p.operation == PARPRIM_OP_COMPACT)
        client.download(&got.count, buffers.count, sizeof(std::uint64_t));
      client.synchronize();
      return std::chrono::duration<double>(clock::now() - t0).count();
    });
  }
}

const sample_stats& sweep::copy_baseline(const plugin_client& client,
                                         const problem_buffers& buffers, std::uint64_t bytes) {
  const auto key = std::make_pair(client.name(), bytes);
  if (auto it = copy_cache_.find(key); it != copy_cache_.end()) return it->second;
  const sample_stats s = measure(config_.measurement, [&] {
    client.timer_start();
    client.copy(buffers.out, buffers.in, bytes);
    client.timer_stop();
    return client.timer_elapsed();
  });
  return copy_cache_.emplace(key, s).first->second;
}

}  // namespace parprim::runner
