// Runs a configuration: the cartesian product of its axes, each state validated against the
// oracle before it is timed, each backend through its session (a worker process by default).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "config/config.hpp"
#include "parprim/isolation/shared_region.hpp"
#include "records/record.hpp"
#include "sessions/backend_session.hpp"
#include "support/diagnostics.hpp"
#include "sweep/progress.hpp"

namespace parprim::runner {

/// The seed of one input, derived from the config's seed, so that a record's seed alone
/// regenerates its input. A text input's error rate is mixed in when it is not 0 (so inputs
/// without one keep the seeds they had before error rates existed).
std::uint64_t state_seed(std::uint64_t config_seed, parprim_dtype t, distribution d,
                         std::uint64_t n, double error_rate = 0);

/// How many (benchmark, form, type, distribution, error rate, size) states a config describes.
std::size_t state_count(const config& c);

/// Records of an earlier run of the same sweep, by record_key (runner --resume).
using prior_records = std::map<std::string, record>;

class sweep {
 public:
  sweep(const config& c, std::vector<std::unique_ptr<backend_session>> backends, progress& bar,
        diagnostics& diag, isolation::shared_region& region, const prior_records& prior);

  struct callbacks {
    std::function<void(const record&)> on_record;                  // each record as it is made
    std::function<void(const std::vector<record>&)> on_state;      // after each state
    std::function<void(const std::vector<record>&)> on_benchmark;  // after each benchmark
  };
  /// Reports every variant name, parameter name and value the config asks for that no backend
  /// declares (run() does this first; runner --check does only this).
  void check_names();
  /// Runs every state, or stops early when Ctrl-C or SIGTERM asks (stopped() says so).
  std::vector<record> run(const callbacks& cb);
  bool stopped() const { return stopped_; }

 private:
  struct job {
    backend_session* session;  // null: the record is already made (skipped)
    record r;
  };
  void run_point(const benchmark_config& b, parprim_dtype t, distribution d, double error_rate,
                 std::uint64_t n, std::vector<record>& out, const callbacks& cb);
  std::vector<job> plan_form(const benchmark_config& b, const problem& form, distribution d,
                             double error_rate, std::uint64_t n, std::uint64_t seed);
  std::vector<std::map<std::string, std::int64_t>> param_combinations(const benchmark_config& b,
                                                                      const variant& v) const;
  void emit(record r, std::vector<record>& out, const callbacks& cb);

  const config& config_;
  std::vector<std::unique_ptr<backend_session>> backends_;
  progress& progress_;
  diagnostics& diag_;
  isolation::shared_region& region_;
  const prior_records& prior_;
  bool stopped_ = false;
  // Parameter values no backend allows (check_names reports them): (benchmark, name, value),
  // left out of the sweep as the config's other bad items are.
  std::set<std::tuple<std::string, std::string, std::int64_t>> refused_values_;
};

}  // namespace parprim::runner
