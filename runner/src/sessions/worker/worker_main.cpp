#include "sessions/worker/worker_main.hpp"

#include <iostream>
#include <optional>

#include "measurement/state_measurer.hpp"
#include "parprim/isolation/message_channel.hpp"
#include "parprim/isolation/shared_region.hpp"
#include "parprim/sandbox/sandbox.hpp"
#include "records/record_json.hpp"
#include "sessions/worker/worker_protocol.hpp"

namespace parprim::runner::worker {

using isolation::receive_message;
using isolation::receive_status;
using isolation::send_message;
using nlohmann::json;

int worker_main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "runner --worker: internal use only (runner --worker PLUGIN SETTINGS_JSON)\n";
    return 2;
  }
  const measurement_settings settings = settings_from_json(json::parse(argv[3]));
  // The sandbox first: nothing of the plugin runs outside it, not even its static initializers.
  std::string sandbox_state = "off";
  try {
    if (const auto policy = sandbox::policy_from_environment())
      sandbox_state = sandbox::enter(*policy);
  } catch (const std::exception& e) {
    send_message(reply_fd,
                 json_text(json{
                     {"type", "load_error"},
                     {"message", std::string(argv[2]) + ": cannot enter the sandbox: " + e.what()},
                     {"sandbox", "failed"}}));
    return 0;
  }
  const loaded_plugin* plugin = nullptr;
  try {
    plugin = &load_plugin(argv[2]);
  } catch (const std::exception& e) {
    send_message(
        reply_fd,
        json_text(json{{"type", "load_error"}, {"message", e.what()}, {"sandbox", sandbox_state}}));
    return 0;
  }
  const plugin_client client(*plugin);
  plugin_summary summary = client.summary();
  // A plugin that finds no device inside the sandbox says why, with what was refused to it.
  if (summary.unavailable_reason)
    for (const auto& refusal : sandbox::take_refusals())
      *summary.unavailable_reason += "; sandbox: " + refusal;
  send_message(reply_fd,
               json_text(json{
                   {"type", "hello"}, {"summary", to_json(summary)}, {"sandbox", sandbox_state}}));

  state_measurer measurer(client, settings);
  std::string text;
  while (receive_message(request_fd, text, std::nullopt) == receive_status::message) {
    const json request = json::parse(text);
    const arena_layout layout = layout_from_json(request.at("layout"));
    const isolation::shared_view shared(shared_region_fd, layout.region_bytes);
    record done =
        measurer.run(record_from_json(request.at("record")), views_of(shared.data(), layout));
    // What the sandbox refused since the last state (the first also gets the plugin's loading).
    done.sandbox_refusals = sandbox::take_refusals();
    const bool retire = done.status == record_status::failed || measurer.device_lost();
    send_message(
        reply_fd,
        json_text(json{{"type", "record"}, {"record", record_to_json(done)}, {"retire", retire}}));
    if (retire) return 0;
  }
  return 0;
}

}  // namespace parprim::runner::worker
