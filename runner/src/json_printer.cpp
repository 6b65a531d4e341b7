#include <fstream>

#include "printers.hpp"

namespace parprim::runner {
namespace {

using nlohmann::json;

json stats_json(const std::optional<sample_stats>& s) {
  if (!s) return nullptr;
  return {{"median", s->median}, {"min", s->min},         {"max", s->max},    {"mean", s->mean},
          {"noise", s->noise},   {"samples", s->samples}, {"total", s->total}};
}

json record_json(const record& r) {
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
            {"time_s", stats_json(r.time)},
            {"copy_time_s", stats_json(r.copy_time)},
            {"end_to_end_time_s", stats_json(r.end_to_end_time)},
            {"bytes_moved", r.bytes_moved},
            {"elements_per_second", r.elements_per_second()},
            {"gb_per_second", r.gb_per_second()},
            {"copy_gb_per_second", r.copy_gb_per_second()},
            {"fraction_of_copy", r.fraction_of_copy()}};
  switch (p.operation) {
    case PARPRIM_OP_SCAN:
      j["scan_kind"] = to_string(p.scan_kind);
      break;
    case PARPRIM_OP_COMPACT:
      j["predicate"] = to_string(p.predicate);
      j["kept"] = r.kept;
      break;
    case PARPRIM_OP_SORT:
      j["sort_payload"] = to_string(p.sort_payload);
      j["sort_order"] = to_string(p.sort_order);
      break;
  }
  return j;
}

}  // namespace

json to_json(const results& res) {
  const auto& c = res.context;
  json plugins = json::array();
  for (const auto& p : c.plugins)
    plugins.push_back({{"name", p.name},
                       {"version", p.version},
                       {"abi_version", p.abi_version},
                       {"path", p.path},
                       {"origin", p.origin},
                       {"available", p.available},
                       {"unavailable_reason", p.unavailable_reason},
                       {"device", p.device},
                       {"variants", p.variants}});
  json records = json::array();
  for (const auto& r : res.records) records.push_back(record_json(r));
  json diagnostics = json::array();
  for (const auto& d : res.diagnostics)
    diagnostics.push_back({{"exit_code", int(d.code)}, {"message", d.message}});
  return {{"schema", "parprim-results"},
          {"schema_version", results_schema_version},
          {"context",
           {{"date", c.date},
            {"host", c.host},
            {"os", c.os},
            {"cpu", {{"model", c.cpu_model}, {"threads", c.cpu_threads}}},
            {"memory_gib", c.memory_gib},
            {"compiler", c.compiler},
            {"build_type", c.build_type},
            {"git_revision", c.git_revision},
            {"parprim_version", c.parprim_version},
            {"abi_version", PARPRIM_ABI_VERSION},
            {"config", c.config_path},
            {"command_line", c.command_line},
            {"plugins", plugins}}},
          {"records", records},
          {"diagnostics", diagnostics},
          {"exit_code", res.exit_code}};
}

void write_json(const std::filesystem::path& path, const results& r) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path.string() + ": cannot write JSON results");
  f << to_json(r).dump(2) << "\n";
}

}  // namespace parprim::runner
