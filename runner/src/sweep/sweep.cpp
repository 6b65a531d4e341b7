#include "sweep/sweep.hpp"

#include <algorithm>
#include <bit>

#include "measurement/state_arena.hpp"
#include "parprim/key_domain.hpp"
#include "parprim/reference.hpp"
#include "parprim/seed_mix.hpp"
#include "records/record_json.hpp"
#include "support/host_memory.hpp"
#include "support/interruption.hpp"
#include "support/spelling.hpp"

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
  const double bytes =
      std::max(double(n) * double(dtype_size(p.dtype)), double(p.output_bytes(n))) * arrays;
  const double oracle = 3 * bytes;  // reference, downloaded output, input read back
  return oracle + (host_domain ? 3 * bytes : 0);
}

// Why `task` is not run on `keys`: its variant sorts keys >= 0 only and one is outside
// (key_domain.hpp); empty when it runs. Skipped, not failed: the input is outside its contract.
std::string outside_key_domain(const plugin_summary& s, const problem& task,
                               const host_array& keys) {
  for (const variant* v : s.variants_of(task.operation))
    if (v->name == task.variant && limits_keys_to_nonnegative(v->flags, task))
      if (first_key_below_zero(keys)) return outside_nonnegative_domain;
  return {};
}

}  // namespace

std::uint64_t state_seed(std::uint64_t config_seed, parprim_dtype t, distribution d,
                         std::uint64_t n, double error_rate) {
  std::uint64_t x = config_seed ^ (n * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(d) << 48) ^
                    (std::uint64_t(t) << 56);
  if (error_rate != 0) x = mix64(x ^ std::bit_cast<std::uint64_t>(error_rate));
  x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

std::size_t state_count(const config& c) {
  std::size_t count = 0;
  for (const auto& b : c.benchmarks)
    count += b.forms.size() * b.types.size() * b.distributions.size() * b.error_rates.size() *
             b.sizes.size();
  return count;
}

sweep::sweep(const config& c, std::vector<std::unique_ptr<backend_session>> backends, progress& bar,
             diagnostics& diag, isolation::shared_region& region, const prior_records& prior)
    : config_(c),
      backends_(std::move(backends)),
      progress_(bar),
      diag_(diag),
      region_(region),
      prior_(prior) {}

std::vector<std::map<std::string, std::int64_t>> sweep::param_combinations(
    const benchmark_config& b, const variant& v) const {
  std::vector<std::map<std::string, std::int64_t>> combos = {{}};
  for (const auto& [name, values] : b.params) {
    if (!v.declares(name)) continue;  // this axis belongs to other backends
    std::vector<std::map<std::string, std::int64_t>> next;
    for (const auto& combo : combos)
      for (std::int64_t value : values) {
        if (refused_values_.count({b.name, name, value})) continue;
        auto c = combo;
        c[name] = value;
        next.push_back(std::move(c));
      }
    combos = std::move(next);
  }
  return combos;
}

void sweep::check_names() {
  // A variant name or a params axis that no backend declares is most likely a typo.
  for (const auto& b : config_.benchmarks)
    for (std::size_t i = 0; i < b.variants.size() && !backends_.empty(); ++i) {
      std::vector<std::string> declared;
      for (const auto& s : backends_)
        for (const variant* v : s->summary().variants_of(b.operation)) declared.push_back(v->name);
      if (std::find(declared.begin(), declared.end(), b.variants[i]) != declared.end()) continue;
      const auto nearest = closest_name(b.variants[i], declared);
      diag_.add(exit_bad_config,
                (i < b.variant_places.size() ? b.variant_places[i] : config_.source.string()) +
                    ": benchmark '" + b.name + "': no backend declares a " +
                    std::string(to_string(b.operation)) + " variant '" + b.variants[i] + "'" +
                    (nearest ? " (did you mean '" + *nearest + "'?)" : ""));
    }
  for (const auto& b : config_.benchmarks)
    for (const auto& [name, values] : b.params) {
      const bool anyone = std::any_of(backends_.begin(), backends_.end(),
                                      [&](const auto& s) { return s->summary().declares(name); });
      if (!anyone && !backends_.empty())
        diag_.add(exit_bad_config, config_.source.string() + ": benchmark '" + b.name +
                                       "': no backend declares the parameter '" + name + "'");
      // A value that every variant declaring the parameter refuses would only be skipped.
      for (const std::int64_t value : values) {
        bool allowed_somewhere = false, declared_here = false;
        std::string allowed_text;
        for (const auto& s : backends_)
          for (const variant* v : s->summary().variants_of(b.operation))
            for (const auto& p : v->params) {
              if (p.name != name) continue;
              declared_here = true;
              allowed_somewhere = allowed_somewhere || p.allows(value);
              allowed_text += (allowed_text.empty() ? "" : "; ") + s->summary().name + "/" +
                              v->name + " allows " + p.allowed_text();
            }
        // Only variants of this benchmark's operation take the value; none declaring it: unused.
        if (!declared_here || allowed_somewhere) continue;
        refused_values_.insert({b.name, name, value});
        diag_.add(exit_bad_config, config_.source.string() + ": benchmark '" + b.name +
                                       "': " + name + "=" + std::to_string(value) +
                                       " is allowed by no backend that declares it (" +
                                       allowed_text + ")");
      }
    }
}

void sweep::emit(record r, std::vector<record>& out, const callbacks& cb) {
  if (r.status == record_status::failed)
    diag_.add(exit_validation_failed, r.task.describe() + " n=" + std::to_string(r.n) + " " +
                                          std::string(to_string(r.input)) +
                                          " seed=" + std::to_string(r.seed) + ": " + r.label() +
                                          ": " + (r.first_mismatch ? *r.first_mismatch : r.reason));
  // A refusal is no failure (a plugin that goes on to a right result is valid), but a grader
  // sees each one among the run's problems, named with its state.
  for (const auto& refusal : r.sandbox_refusals)
    diag_.add(exit_ok, r.task.describe() + " n=" + std::to_string(r.n) + " " +
                           std::string(to_string(r.input)) + " seed=" + std::to_string(r.seed) +
                           ": " + r.label() + ": sandbox: " + refusal);
  if (cb.on_record) cb.on_record(r);
  out.push_back(std::move(r));
}

std::vector<record> sweep::run(const callbacks& cb) {
  check_names();
  std::vector<record> records;
  try {
    for (const auto& b : config_.benchmarks) {
      for (parprim_dtype t : b.types)
        for (distribution d : b.distributions)
          for (double error_rate : b.error_rates)
            for (std::uint64_t n : b.sizes) {
              if (interrupted()) throw interrupted_error{};
              run_point(b, t, d, error_rate, n, records, cb);
              if (cb.on_state) cb.on_state(records);
            }
      if (cb.on_benchmark) cb.on_benchmark(records);
    }
  } catch (const interrupted_error&) {
    stopped_ = true;
  }
  return records;
}

// The records of one form of a state, in the order of backends, variants and parameters: those
// to be made by running a backend, and those skipped for a reason found without running it.
std::vector<sweep::job> sweep::plan_form(const benchmark_config& b, const problem& form,
                                         distribution d, double error_rate, std::uint64_t n,
                                         std::uint64_t seed) {
  std::vector<job> jobs;
  auto skip = [&](record r) { jobs.push_back({nullptr, std::move(r)}); };
  for (const auto& session : backends_) {
    const plugin_summary& s = session->summary();
    record base;
    base.benchmark = b.name;
    base.task = form;
    base.n = n;
    base.input = d;
    base.error_rate = error_rate;
    base.seed = seed;
    base.backend = session->backend_name();
    base.backend_version = s.version;
    if (!s.available()) {
      base.status = record_status::skipped;
      base.reason = "backend unavailable: " + *s.unavailable_reason;
      skip(base);
      continue;
    }
    const auto variants = s.variants_of(form.operation);
    if (variants.empty()) {
      base.status = record_status::skipped;
      base.reason = "offers no " + std::string(to_string(form.operation));
      skip(base);
      continue;
    }
    for (const variant* v : variants) {
      if (!b.variants.empty() &&
          std::find(b.variants.begin(), b.variants.end(), v->name) == b.variants.end())
        continue;  // the config asked for other variants
      for (const auto& params : param_combinations(b, *v)) {
        record r = base;
        r.task.variant = v->name;
        r.task.params = params;
        if (std::string why = s.unsupported_reason(r.task); !why.empty()) {
          r.status = record_status::skipped;
          r.reason = why;
          skip(std::move(r));
          continue;
        }
        const double needed = host_bytes_needed(r.task, n, s.domain == PARPRIM_DOMAIN_HOST);
        if (auto available = host_memory_available();
            available && needed > double(*available) * 0.9) {
          r.status = record_status::skipped;
          r.reason = "needs about " + gib(needed) + " more host memory, " +
                     gib(double(*available)) + " available";
          skip(std::move(r));
          continue;
        }
        jobs.push_back({session.get(), std::move(r)});
      }
    }
  }
  return jobs;
}

void sweep::run_point(const benchmark_config& b, parprim_dtype t, distribution d, double error_rate,
                      std::uint64_t n, std::vector<record>& out, const callbacks& cb) {
  const std::uint64_t seed = state_seed(config_.seed, t, d, n, error_rate);
  // A state no backend can run is one skipped record per form, for every backend.
  auto skip_every_form = [&](const std::string& reason) {
    for (const auto& f : b.forms) {
      progress_.step(b.name + " " + std::string(to_string(t)) + " n=" + std::to_string(n));
      record r;
      r.benchmark = b.name;
      r.task = f.for_type(t);
      r.n = n;
      r.input = d;
      r.error_rate = error_rate;
      r.seed = seed;
      r.backend = "-";
      r.status = record_status::skipped;
      r.reason = reason;
      emit(std::move(r), out, cb);
    }
  };
  if (!applies_to(d, t)) {
    skip_every_form(std::string(to_string(d)) +
                    (d == distribution::float_special
                         ? " inputs exist for f32 and f64 only"
                         : " inputs of " + std::string(to_string(t)) + " do not exist"));
    return;
  }
  const auto available = host_memory_available();
  const double input_bytes = double(n) * double(dtype_size(t)) * 2;
  if (available && input_bytes > double(*available) * 0.9) {
    skip_every_form("input needs " + gib(input_bytes) + " of host memory, " +
                    gib(double(*available)) + " available");
    return;
  }

  // Every form's records are planned first; what an earlier run already recorded (--resume)
  // is taken from it, and the input is made only when something is left to run.
  std::vector<std::pair<problem, std::vector<job>>> forms;
  bool anything_to_run = false;
  for (const auto& f : b.forms) {
    const problem form = f.for_type(t);
    std::vector<job> jobs = plan_form(b, form, d, error_rate, n, seed);
    for (const auto& j : jobs) anything_to_run |= j.session && !prior_.count(record_key(j.r));
    forms.emplace_back(form, std::move(jobs));
  }

  state_arena arena(region_);
  if (anything_to_run) {
    try {
      host_array in = generate(t, d, n, seed, error_rate);
      std::optional<host_array> values;
      if (std::any_of(b.forms.begin(), b.forms.end(),
                      [](const operation_form& f) { return f.shape.has_values(); }))
        values = generate_values(t, n);
      arena.set_inputs(std::move(in), std::move(values));
    } catch (const std::bad_alloc&) {
      diag_.add(exit_bad_config,
                b.name + ": n=" + std::to_string(n) + " does not fit in host memory; left out");
      return;
    }
  }

  for (auto& [form, jobs] : forms) {
    progress_.step(b.name + " " + form.form() + " " + std::string(to_string(t)) + " " +
                   input_text(to_string(d), error_rate) + " n=" + std::to_string(n));
    bool have_expected = false;
    for (auto& j : jobs) {
      if (auto it = prior_.find(record_key(j.r)); it != prior_.end()) {
        emit(it->second, out, cb);
        continue;
      }
      if (!j.session) {
        emit(std::move(j.r), out, cb);
        continue;
      }
      if (interrupted()) throw interrupted_error{};
      if (std::string why = outside_key_domain(j.session->summary(), j.r.task, arena.views().in);
          !why.empty()) {
        j.r.status = record_status::skipped;
        j.r.reason = std::move(why);
        emit(std::move(j.r), out, cb);
        continue;
      }
      if (!have_expected) {
        const auto& v = arena.views();
        arena.set_expected(compute_reference(form, v.in, v.values_ptr()));
        have_expected = true;
      }
      emit(j.session->run(std::move(j.r), arena, config_.isolation.timeout_for(n)), out, cb);
    }
  }
}

}  // namespace parprim::runner
