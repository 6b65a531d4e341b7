#include "sessions/worker/worker_protocol.hpp"

#include "records/record_json.hpp"
#include "sessions/worker/captured_output.hpp"

namespace parprim::runner::worker {

using nlohmann::json;

json to_json(const plugin_summary& s) {
  json variants = json::array();
  for (const auto& v : s.variants) {
    json params = json::array();
    for (const auto& p : v.params)
      params.push_back({{"name", p.name},
                        {"description", p.description},
                        {"default", p.default_value},
                        {"allowed", p.allowed}});
    variants.push_back({{"operation", int(v.operation)},
                        {"name", v.name},
                        {"description", v.description},
                        {"dtypes", v.dtypes},
                        {"flags", v.flags},
                        {"params", params}});
  }
  return {{"path", s.path.string()},
          {"name", s.name},
          {"version", s.version},
          {"description", s.description},
          {"abi_version", s.abi_version},
          {"struct_size", s.struct_size},
          {"domain", int(s.domain)},
          {"timing", int(s.timing)},
          {"unavailable_reason", s.unavailable_reason ? json(*s.unavailable_reason) : nullptr},
          {"device", s.device},
          {"variants", variants}};
}

plugin_summary summary_from_json(const json& j) {
  plugin_summary s;
  s.path = j.at("path").get<std::string>();
  s.name = j.at("name").get<std::string>();
  s.version = j.at("version").get<std::string>();
  s.description = j.at("description").get<std::string>();
  s.abi_version = j.at("abi_version").get<std::uint32_t>();
  s.struct_size = j.at("struct_size").get<std::uint32_t>();
  s.domain = static_cast<parprim_memory_domain>(j.at("domain").get<int>());
  s.timing = static_cast<parprim_timing_basis>(j.at("timing").get<int>());
  if (j.at("unavailable_reason").is_string())
    s.unavailable_reason = j["unavailable_reason"].get<std::string>();
  s.device = j.at("device").get<std::string>();
  for (const auto& v : j.at("variants")) {
    variant vs;
    vs.operation = static_cast<parprim_operation>(v.at("operation").get<int>());
    vs.name = v.at("name").get<std::string>();
    vs.description = v.at("description").get<std::string>();
    vs.dtypes = v.at("dtypes").get<std::uint32_t>();
    vs.flags = v.at("flags").get<std::uint32_t>();
    for (const auto& p : v.at("params"))
      vs.params.push_back({p.at("name").get<std::string>(), p.at("description").get<std::string>(),
                           p.at("default").get<std::int64_t>(),
                           p.at("allowed").get<std::vector<std::int64_t>>()});
    s.variants.push_back(std::move(vs));
  }
  return s;
}

json to_json(const measurement_settings& s) {
  return {{"warmup", s.warmup},
          {"min_samples", s.min_samples},
          {"max_samples", s.max_samples},
          {"min_time", s.min_time},
          {"max_time", s.max_time},
          {"max_noise", s.max_noise},
          {"end_to_end", s.end_to_end},
          {"end_to_end_samples", s.end_to_end_samples},
          {"mode", to_string(s.device_mode)},
          {"host_mode", to_string(s.host_mode)},
          {"batch_runs", s.batch_runs}};
}

measurement_settings settings_from_json(const json& j) {
  measurement_settings s;
  s.warmup = j.at("warmup").get<int>();
  s.min_samples = j.at("min_samples").get<int>();
  s.max_samples = j.at("max_samples").get<int>();
  s.min_time = j.at("min_time").get<double>();
  s.max_time = j.at("max_time").get<double>();
  s.max_noise = j.at("max_noise").get<double>();
  s.end_to_end = j.at("end_to_end").get<bool>();
  s.end_to_end_samples = j.at("end_to_end_samples").get<int>();
  s.device_mode = parse_sample_mode(j.at("mode").get<std::string>()).value();
  s.host_mode = parse_sample_mode(j.at("host_mode").get<std::string>()).value();
  s.batch_runs = j.at("batch_runs").get<int>();
  return s;
}

namespace {

// What the reader says of a malformed message: the reason and its first bytes, printable.
std::string malformed(const std::string& text, const std::string& reason) {
  constexpr std::size_t shown = 80;
  return reason + " (" + std::to_string(text.size()) + " bytes: \"" +
         printable(std::string_view(text).substr(0, shown)) + (text.size() > shown ? "..." : "") +
         "\")";
}

// The JSON object of a message whose "type" is one of `types`, or null with `why`.
std::optional<json> message_of(const std::string& text, std::initializer_list<const char*> types,
                               std::string& why) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    why = malformed(text, "not a JSON object");
    return std::nullopt;
  }
  const auto type = j.find("type");
  if (type != j.end() && type->is_string())
    for (const char* t : types)
      if (*type == t) return j;
  why = malformed(text, "not a message of the runner's protocol");
  return std::nullopt;
}

}  // namespace

std::optional<hello_reply> read_hello(const std::string& text, std::string& why) {
  const auto j = message_of(text, {"hello", "load_error"}, why);
  if (!j) return std::nullopt;
  try {
    hello_reply h;
    h.sandbox = j->value("sandbox", "");
    if ((*j)["type"] == "hello")
      h.summary = summary_from_json(j->at("summary"));
    else
      h.load_error = j->at("message").get<std::string>();
    return h;
  } catch (const std::exception& e) {
    why = malformed(text, std::string("a malformed ") + (*j)["type"].get<std::string>() +
                              " message: " + e.what());
    return std::nullopt;
  }
}

std::optional<run_reply> read_run_reply(const std::string& text, std::string& why) {
  const auto j = message_of(text, {"record"}, why);
  if (!j) return std::nullopt;
  try {
    run_reply r;
    r.done = record_from_json(j->at("record"));
    r.retire = j->value("retire", false);
    return r;
  } catch (const std::exception& e) {
    why = malformed(text, std::string("a malformed record message: ") + e.what());
    return std::nullopt;
  }
}

}  // namespace parprim::runner::worker
