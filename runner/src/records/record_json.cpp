#include "records/record_json.hpp"

#include <stdexcept>

namespace parprim::runner {
namespace {

using nlohmann::json;

json stats_json(const std::optional<sample_stats>& s) {
  if (!s) return nullptr;
  return {{"median", s->median}, {"min", s->min},         {"max", s->max},    {"mean", s->mean},
          {"noise", s->noise},   {"samples", s->samples}, {"total", s->total}};
}

std::optional<sample_stats> stats_from_json(const json& j) {
  if (j.is_null()) return std::nullopt;
  sample_stats s;
  s.median = j.at("median").get<double>();
  s.min = j.at("min").get<double>();
  s.max = j.at("max").get<double>();
  s.mean = j.at("mean").get<double>();
  s.noise = j.at("noise").get<double>();
  s.samples = j.at("samples").get<int>();
  s.total = j.at("total").get<double>();
  return s;
}

json clocks_json(const std::optional<clock_range>& c) {
  if (!c) return nullptr;
  return {{"sm_mhz_min", c->sm_mhz_min},
          {"sm_mhz_max", c->sm_mhz_max},
          {"memory_mhz_min", c->memory_mhz_min},
          {"memory_mhz_max", c->memory_mhz_max},
          {"max_sm_mhz", c->max_sm_mhz},
          {"max_memory_mhz", c->max_memory_mhz},
          {"throttle_reasons", c->throttle_reasons},
          {"readings", c->readings},
          {"throttled", c->throttled()}};
}

std::optional<clock_range> clocks_from_json(const json& j) {
  if (j.is_null()) return std::nullopt;
  clock_range c;
  c.sm_mhz_min = j.at("sm_mhz_min").get<std::uint32_t>();
  c.sm_mhz_max = j.at("sm_mhz_max").get<std::uint32_t>();
  c.memory_mhz_min = j.at("memory_mhz_min").get<std::uint32_t>();
  c.memory_mhz_max = j.at("memory_mhz_max").get<std::uint32_t>();
  c.max_sm_mhz = j.at("max_sm_mhz").get<std::uint32_t>();
  c.max_memory_mhz = j.at("max_memory_mhz").get<std::uint32_t>();
  c.throttle_reasons = j.at("throttle_reasons").get<std::uint64_t>();
  c.readings = j.at("readings").get<int>();
  return c;
}

template <class E>
E parsed(const json& j, const char* key, std::optional<E> (*parse)(std::string_view)) {
  const auto text = j.at(key).get<std::string>();
  if (auto v = parse(text)) return *v;
  throw std::invalid_argument(std::string("unknown ") + key + " '" + text + "'");
}

// The threshold of greater_than in the element type's own JSON number, so it reads back exactly.
json threshold_json(const problem& p) {
  return dispatch_dtype(p.dtype, [&]<class T>() { return json(p.threshold<T>()); });
}

void threshold_from_json(problem& p, const json& j) {
  dispatch_dtype(p.dtype, [&]<class T>() {
    const T value = j.get<T>();
    p.threshold_bytes.fill(0);
    std::memcpy(p.threshold_bytes.data(), &value, sizeof(T));
  });
}

}  // namespace

json record_to_json(const record& r) {
  const problem& p = r.task;
  json j = {{"benchmark", r.benchmark},
            {"operation", to_string(p.operation)},
            {"form", p.form()},
            {"type", to_string(p.dtype)},
            {"variant", p.variant},
            {"params", p.params},
            {"n", r.n},
            {"distribution", to_string(r.input)},
            {"seed", r.seed},
            {"backend", r.backend},
            {"backend_version", r.backend_version},
            {"status", to_string(r.status)},
            {"reason", r.reason},
            {"first_mismatch", r.first_mismatch ? json(*r.first_mismatch) : json(nullptr)},
            {"worker_output", r.worker_output ? json(*r.worker_output) : json(nullptr)},
            {"sandbox", r.sandbox},
            {"sandbox_refusals", r.sandbox_refusals},
            {"time_s", stats_json(r.time)},
            {"copy_time_s", stats_json(r.copy_time)},
            {"read_time_s", stats_json(r.read_time)},
            {"end_to_end_time_s", stats_json(r.end_to_end_time)},
            {"timing", to_string(r.timing)},
            {"timing_note", r.timing_note},
            {"call_time_s", stats_json(r.call_time)},
            {"mode", to_string(r.mode)},
            {"batch_runs", r.batch_runs},
            {"launches_queued", r.launches_queued},
            {"mode_note", r.mode_note},
            {"host_time_s", stats_json(r.host_time)},
            {"clocks", clocks_json(r.clocks)},
            {"clocks_note", r.clocks_note},
            {"throttled", r.clocks && r.clocks->throttled()},
            {"bytes_moved", r.bytes_moved},
            {"elements_per_second", r.elements_per_second()},
            {"gb_per_second", r.gb_per_second()},
            {"copy_gb_per_second", r.copy_gb_per_second()},
            {"fraction_of_copy", r.fraction_of_copy()},
            {"read_gb_per_second", r.read_gb_per_second()},
            {"fraction_of_read", r.fraction_of_read()}};
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      j["scan_kind"] = to_string(p.scan_kind);
      break;
    case PARPRIM_OP_COMPACT:
      j["predicate"] = to_string(p.predicate);
      if (p.predicate == PARPRIM_PRED_GREATER_THAN) j["threshold"] = threshold_json(p);
      j["kept"] = r.kept;
      break;
    case PARPRIM_OP_SORT:
      j["sort_payload"] = to_string(p.sort_payload);
      j["sort_order"] = to_string(p.sort_order);
      break;
    case PARPRIM_OP_UTF8_DECODE:
    case PARPRIM_OP_UTF8_ENCODE:
      j["utf8_form"] = to_string(p.utf8_form);
      j["errors"] = r.error_rate;
      j["written"] = r.kept;  // code points or bytes written; ill-formed subparts (validate)
      break;
  }
  return j;
}

std::string json_text(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

record record_from_json(const json& j) {
  record r;
  problem& p = r.task;
  p.operation = parsed<parprim_operation>(j, "operation", parse_operation);
  p.dtype = parsed<parprim_dtype>(j, "type", parse_dtype);
  p.variant = j.at("variant").get<std::string>();
  p.params = j.at("params").get<std::map<std::string, std::int64_t>>();
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      p.scan_kind = parsed<parprim_scan_kind>(j, "scan_kind", parse_scan_kind);
      break;
    case PARPRIM_OP_COMPACT:
      p.predicate = parsed<parprim_predicate>(j, "predicate", parse_predicate);
      if (p.predicate == PARPRIM_PRED_GREATER_THAN) threshold_from_json(p, j.at("threshold"));
      r.kept = j.value("kept", std::uint64_t{0});
      break;
    case PARPRIM_OP_SORT:
      p.sort_payload = parsed<parprim_sort_payload>(j, "sort_payload", parse_sort_payload);
      p.sort_order = parsed<parprim_sort_order>(j, "sort_order", parse_sort_order);
      break;
    case PARPRIM_OP_UTF8_DECODE:
    case PARPRIM_OP_UTF8_ENCODE:
      p.utf8_form = parsed<parprim_utf8_form>(j, "utf8_form", parse_utf8_form);
      r.error_rate = j.value("errors", 0.0);
      r.kept = j.value("written", std::uint64_t{0});
      break;
  }
  r.benchmark = j.at("benchmark").get<std::string>();
  r.n = j.at("n").get<std::uint64_t>();
  r.input = parsed<distribution>(j, "distribution", parse_distribution);
  r.seed = j.at("seed").get<std::uint64_t>();
  r.backend = j.at("backend").get<std::string>();
  r.backend_version = j.value("backend_version", "");
  const std::string status = j.at("status").get<std::string>();
  if (status == "ok")
    r.status = record_status::ok;
  else if (status == "failed")
    r.status = record_status::failed;
  else if (status == "skipped")
    r.status = record_status::skipped;
  else
    throw std::invalid_argument("unknown status '" + status + "'");
  r.reason = j.value("reason", "");
  if (auto m = j.find("first_mismatch"); m != j.end() && m->is_string())
    r.first_mismatch = m->get<std::string>();
  if (auto o = j.find("worker_output"); o != j.end() && o->is_string())
    r.worker_output = o->get<std::string>();
  r.sandbox = j.value("sandbox", "");  // files from before the sandbox: none was said
  if (auto s = j.find("sandbox_refusals"); s != j.end() && s->is_array())
    r.sandbox_refusals = s->get<std::vector<std::string>>();
  r.time = stats_from_json(j.value("time_s", json(nullptr)));
  r.copy_time = stats_from_json(j.value("copy_time_s", json(nullptr)));
  r.read_time = stats_from_json(j.value("read_time_s", json(nullptr)));  // absent before it
  r.end_to_end_time = stats_from_json(j.value("end_to_end_time_s", json(nullptr)));
  // Files from before the field existed hold resident times.
  r.timing = parse_timing_basis(j.value("timing", "resident")).value_or(PARPRIM_TIMING_RESIDENT);
  r.timing_note = j.value("timing_note", "");
  r.call_time = stats_from_json(j.value("call_time_s", json(nullptr)));
  // Files from before the modes: every sample was hot.
  r.mode = parse_sample_mode(j.value("mode", "hot")).value_or(sample_mode::hot);
  r.batch_runs = j.value("batch_runs", 0);
  r.launches_queued = j.value("launches_queued", false);
  r.mode_note = j.value("mode_note", "");
  r.host_time = stats_from_json(j.value("host_time_s", json(nullptr)));
  r.clocks = clocks_from_json(j.value("clocks", json(nullptr)));
  r.clocks_note = j.value("clocks_note", "");
  r.bytes_moved = j.value("bytes_moved", 0.0);
  return r;
}

std::string record_key(const record& r) {
  return r.benchmark + "|" + r.task.describe() + "|" + r.task.variant + r.params_suffix() +
         "|n=" + std::to_string(r.n) + "|" + r.input_text() + "|seed=" + std::to_string(r.seed) +
         "|" + r.backend;
}

}  // namespace parprim::runner
