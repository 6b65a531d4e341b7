#include <fstream>
#include <set>

#include "outputs/printers.hpp"
#include "records/record_json.hpp"

namespace parprim::runner {

using nlohmann::json;

namespace {
/// The thread counts the records ran with (their `threads` parameter), for the context block.
std::set<std::int64_t> threads_used(const std::vector<record>& records) {
  std::set<std::int64_t> used;
  for (const auto& r : records)
    if (auto it = r.task.params.find("threads"); it != r.task.params.end()) used.insert(it->second);
  return used;
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
                       {"memory_domain", p.memory_domain},
                       {"timing", p.timing},
                       {"variants", p.variants}});
  json records = json::array();
  for (const auto& r : res.records) records.push_back(record_to_json(r));
  json diagnostics = json::array();
  for (const auto& d : res.diagnostics)
    diagnostics.push_back({{"exit_code", int(d.code)}, {"message", d.message}});
  return {{"schema", "parprim-results"},
          {"schema_version", results_schema_version},
          {"context",
           {{"date", c.date},
            {"host", c.host},
            {"os", c.os},
            {"cpu",
             {{"model", c.cpu_model},
              {"microarchitecture", c.cpu_microarchitecture},
              {"threads", c.cpu_threads},
              {"governor", c.cpu_governor},
              {"max_mhz", c.cpu_max_mhz},
              {"last_level_cache_bytes", c.last_level_cache_bytes},
              {"threads_used", threads_used(res.records)}}},
            {"sample_modes",
             {{"device", c.device_mode}, {"host", c.host_mode}, {"batch_runs", c.batch_runs}}},
            {"memory_gib", c.memory_gib},
            {"compiler", c.compiler},
            {"build_type", c.build_type},
            {"git_revision", c.git_revision},
            {"parprim_version", c.parprim_version},
            {"abi_version", PARPRIM_ABI_VERSION},
            {"config", c.config_path},
            {"command_line", c.command_line},
            {"isolation", c.isolation},
            {"sandbox", c.sandbox},
            {"plugins", plugins}}},
          {"records", records},
          {"diagnostics", diagnostics},
          {"exit_code", res.exit_code},
          {"complete", res.complete}};
}

void write_json(const std::filesystem::path& path, const results& r) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path.string() + ": cannot write JSON results");
  f << json_text(to_json(r), 2) << "\n";
}

}  // namespace parprim::runner
