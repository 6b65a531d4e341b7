// --no-isolation: the plugin runs inside the runner, where a debugger can follow it; a crash
// or a hang of the plugin is the runner's.
#include <optional>

#include "measurement/state_measurer.hpp"
#include "sessions/backend_session.hpp"

namespace parprim::runner {
namespace {

class in_process_session final : public backend_session {
 public:
  in_process_session(const plugin_summary& summary, const measurement_settings& settings,
                     bool marked)
      : summary_(summary),
        name_(marked ? summary.name + in_process_suffix : summary.name),
        client_(load_plugin(summary.path)),
        measurer_(client_, settings) {}

  const plugin_summary& summary() const override { return summary_; }
  const std::string& backend_name() const override { return name_; }

  record run(record r, const state_arena& arena, double) override {
    r.sandbox = "off (no isolation)";  // the runner's own process is never sandboxed
    if (lost_reason_) {
      r.status = record_status::failed;
      r.reason = "not run: " + *lost_reason_;
      return r;
    }
    r = measurer_.run(std::move(r), arena.views());
    if (measurer_.device_lost() && !lost_reason_)
      lost_reason_ = "an earlier state lost the device: " + r.reason;
    return r;
  }

 private:
  plugin_summary summary_;
  std::string name_;
  plugin_client client_;
  state_measurer measurer_;
  std::optional<std::string> lost_reason_;
};

}  // namespace

std::unique_ptr<backend_session> make_in_process_session(const plugin_summary& summary,
                                                         const measurement_settings& settings,
                                                         bool marked) {
  return std::make_unique<in_process_session>(summary, settings, marked);
}

}  // namespace parprim::runner
