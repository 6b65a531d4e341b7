// Runs a configuration: the cartesian product of its axes, each state validated against the
// oracle before it is timed.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "config.hpp"
#include "diagnostics.hpp"
#include "parprim/plugin_client.hpp"
#include "parprim/reference.hpp"
#include "progress.hpp"
#include "record.hpp"

namespace parprim::runner {

/// Bytes an operation must move at the least: one read of its input and one write of its
/// output (docs/measurement.md).
double bytes_moved(const problem& p, std::uint64_t n, std::uint64_t kept);

/// The seed of one input, derived from the config's seed, so that a record's seed alone
/// regenerates its input.
std::uint64_t state_seed(std::uint64_t config_seed, parprim_dtype t, distribution d,
                         std::uint64_t n);

/// How many (benchmark, form, type, distribution, size) states a config describes.
std::size_t state_count(const config& c);

class sweep {
 public:
  sweep(const config& c, std::vector<plugin_client> backends, progress& bar, diagnostics& diag);

  /// Runs every state; `checkpoint` is called with all records so far after each benchmark, so
  /// results survive a later failure.
  std::vector<record> run(const std::function<void(const std::vector<record>&)>& checkpoint);

 private:
  struct backend_state {
    bool lost = false;  // a sticky device error: the remaining states fail with `lost_reason`
    std::string lost_reason;
  };

  void run_state(const benchmark_config& b, const problem& form, distribution d, std::uint64_t n,
                 std::uint64_t seed, const host_array& in, const host_array* values,
                 std::vector<record>& out);
  void run_backend(const plugin_client& client, const problem& p, const host_array& in,
                   const host_array* values, const reference_output& expected, record r,
                   std::vector<record>& out);
  void measure_backend(const plugin_client& client, const problem& p, const host_array& in,
                       const host_array* values, const reference_output& expected, record& r);
  const sample_stats& copy_baseline(const plugin_client& client, const problem_buffers& buffers,
                                    std::uint64_t bytes);
  std::vector<std::map<std::string, std::int64_t>> param_combinations(
      const benchmark_config& b, const parprim_variant_info& v) const;

  const config& config_;
  std::vector<plugin_client> backends_;
  progress& progress_;
  diagnostics& diag_;
  std::map<std::string, backend_state> backend_states_;
  std::map<std::pair<std::string, std::uint64_t>, sample_stats> copy_cache_;
};

}  // namespace parprim::runner
