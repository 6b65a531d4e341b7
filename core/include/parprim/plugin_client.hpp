// The host's typed view of a loaded plugin: RAII buffers and plans in the plugin's domain, and
// every failed call turned into a plugin_error naming the plugin, the call and the plugin's own
// message.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parprim/host_array.hpp"
#include "parprim/loader.hpp"
#include "parprim/plugin_summary.hpp"
#include "parprim/problem.hpp"
#include "parprim/validate.hpp"

namespace parprim {

class plugin_error : public std::runtime_error {
 public:
  plugin_error(parprim_status status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  parprim_status status() const noexcept { return status_; }

 private:
  parprim_status status_;
};

/// Something a plugin handed out (a buffer, a plan), given back through that plugin's own
/// `Release` function when this goes out of scope: the host never frees what a plugin owns.
template <class Handle, auto Release>
class plugin_owned {
 public:
  plugin_owned() = default;
  plugin_owned(const parprim_plugin_descriptor* d, Handle* h) : d_(d), h_(h) {}
  plugin_owned(plugin_owned&& o) noexcept
      : d_(std::exchange(o.d_, nullptr)), h_(std::exchange(o.h_, nullptr)) {}
  plugin_owned& operator=(plugin_owned&& o) noexcept {
    if (this != &o) {
      reset();
      d_ = std::exchange(o.d_, nullptr);
      h_ = std::exchange(o.h_, nullptr);
    }
    return *this;
  }
  ~plugin_owned() { reset(); }
  Handle* get() const { return h_; }

 private:
  void reset() {
    if (h_) (d_->*Release)(h_);
    h_ = nullptr;
  }
  const parprim_plugin_descriptor* d_ = nullptr;
  Handle* h_ = nullptr;
};

/// A buffer in a plugin's memory domain, and a plan.
using plugin_buffer = plugin_owned<void, &parprim_plugin_descriptor::release>;
using plugin_plan = plugin_owned<parprim_plan, &parprim_plugin_descriptor::destroy_plan>;

class plugin_client {
 public:
  explicit plugin_client(const loaded_plugin& plugin)
      : plugin_(&plugin), d_(plugin.descriptor), summary_(summarize(plugin)) {}

  const loaded_plugin& plugin() const { return *plugin_; }
  const parprim_plugin_descriptor& descriptor() const { return *d_; }
  const plugin_summary& summary() const { return summary_; }
  std::string name() const { return d_->name; }

  /// The declared variants of one operation, in declaration order.
  std::vector<const variant*> variants(parprim_operation op) const {
    return summary_.variants_of(op);
  }
  /// Empty when the plugin declares `p` (its variant, element type and form); else why not.
  std::string unsupported_reason(const problem& p) const { return summary_.unsupported_reason(p); }

  plugin_buffer allocate(std::uint64_t bytes) const;
  void upload(const plugin_buffer& dst, const void* src, std::uint64_t bytes) const;
  void download(void* dst, const plugin_buffer& src, std::uint64_t bytes) const;
  void copy(const plugin_buffer& dst, const plugin_buffer& src, std::uint64_t bytes) const;
  /// The read-only baseline: false when the plugin does not offer it (built before it, or
  /// PARPRIM_UNSUPPORTED).
  bool read_bytes(const plugin_buffer& src, std::uint64_t bytes) const;
  void synchronize() const;
  plugin_plan create_plan(const problem& p, std::uint64_t n) const;
  void run(const plugin_plan& plan, const parprim_io& io) const;
  void timer_start() const;
  void timer_stop() const;
  double timer_elapsed() const;
  /// The region the plugin timed itself in the plan's last run (timing basis OWN_REGION), or
  /// nothing when that run timed no region (the plugin answered PARPRIM_UNSUPPORTED): `why`
  /// then holds its reason.
  std::optional<double> own_time(const plugin_plan& plan, std::string& why) const;

  // The measurement hooks (docs/measurement.md). Each says whether the plugin offers it: a
  // descriptor from before them, a NULL entry or PARPRIM_UNSUPPORTED/UNAVAILABLE mean no; any
  // other failure throws.
  bool flush_caches() const;
  bool hold_stream() const;
  /// Ends a hold_stream(); true when the hold had already ended by its timeout.
  bool release_stream() const;
  /// The clocks, or nullopt; `why_not` (when given) receives the plugin's reason when it
  /// answered PARPRIM_UNAVAILABLE (no NVML here, say).
  std::optional<parprim_clocks> read_clocks(std::string* why_not = nullptr) const;

 private:
  void check(parprim_status status, const char* call) const;
  /// check(), but false for the statuses that mean "not offered".
  bool offered(parprim_status status, const char* call) const;
  const loaded_plugin* plugin_;
  const parprim_plugin_descriptor* d_;
  plugin_summary summary_;
};

/// The buffers of one problem in a plugin's domain, with the input uploaded.
struct problem_buffers {
  plugin_buffer in, out, values_in, values_out, count, first_error;
  parprim_io io() const;
};

problem_buffers prepare_buffers(const plugin_client& client, const problem& p, const host_array& in,
                                const host_array* values);

/// What one run produced, downloaded to the host.
struct run_result {
  host_array out;
  host_array values_out;
  std::uint64_t count = 0;
  std::uint64_t first_error = 0;  // utf8_decode validate
  bool input_unchanged = true;    // the input buffer read back equal to what was uploaded
  backend_output output() const { return {&out, &values_out, count, first_error}; }
};

/// The byte every output buffer is filled with before a validation run.
inline constexpr unsigned char output_poison = 0xA5;

/// The validation run of a planned problem: fills the outputs with output_poison (so that an
/// element the plugin never writes cannot pass by holding a right value left in reused memory),
/// runs once and downloads the outputs and the input.
run_result validation_run(const plugin_client& client, const plugin_plan& plan,
                          const problem_buffers& buffers, const problem& p, const host_array& in);

/// Uploads, plans and makes the validation run: the conformance tests' whole step.
run_result run_once(const plugin_client& client, const problem& p, const host_array& in,
                    const host_array* values);

}  // namespace parprim
