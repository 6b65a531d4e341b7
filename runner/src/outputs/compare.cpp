#include "outputs/compare.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "records/record.hpp"

namespace parprim::runner {
namespace {

using nlohmann::json;

// A state's identity: everything that was run, nothing that was measured.
std::string state_key(const json& r) {
  std::string params;
  for (const auto& [name, value] : r.at("params").items())
    params += fmt::format(" {}={}", name, value.get<long long>());
  // The benchmark's name only where it says more than the operation (as in the tables).
  const std::string benchmark = r.at("benchmark").get<std::string>();
  const std::string operation = r.at("operation").get<std::string>();
  // Text inputs name their error rate (records from before it have none: 0).
  const std::string input =
      input_text(r.at("distribution").get<std::string>(), r.value("errors", 0.0));
  return fmt::format("{}{} {} {} {} n={} {}/{}{}", benchmark == operation ? "" : benchmark + ": ",
                     operation, r.at("form").get<std::string>(), r.at("type").get<std::string>(),
                     input, r.at("n").get<unsigned long long>(),
                     r.at("backend").get<std::string>(), r.at("variant").get<std::string>(),
                     params);
}

// "cpu_seq:second-worker" (isolation mode both) is the plugin cpu_seq.
std::string plugin_name(const std::string& backend) { return backend.substr(0, backend.find(':')); }

std::map<std::string, const json*> valid_states(const json& doc) {
  std::map<std::string, const json*> states;
  for (const auto& r : doc.at("records"))
    if (r.at("status") == "ok" && r.at("time_s").is_object()) states[state_key(r)] = &r;
  return states;
}

}  // namespace

std::string device_of(const json& doc, const std::string& backend) {
  const auto context = doc.find("context");
  if (context == doc.end() || !context->is_object()) return "";
  std::string cpu;
  if (const auto c = context->find("cpu"); c != context->end() && c->is_object())
    cpu = c->value("model", "");
  if (const auto plugins = context->find("plugins"); plugins != context->end() && plugins->is_array())
    for (const auto& p : *plugins) {
      if (!p.is_object() || p.value("name", "") != plugin_name(backend)) continue;
      const std::string device = p.value("device", "");
      if (p.value("memory_domain", "") == "device") return device;
      return device.empty() ? cpu : cpu + " (" + device + ")";
    }
  return cpu;
}

const char* to_string(verdict v) {
  switch (v) {
    case verdict::faster:
      return "FASTER";
    case verdict::slower:
      return "SLOWER";
    case verdict::same:
      return "SAME";
    case verdict::modes_differ:
      return "MODES DIFFER";
    case verdict::devices_differ:
      return "DEVICES DIFFER";
  }
  return "?";
}

comparison compare_results(const json& base, const json& fresh, bool across_devices) {
  comparison c;
  const auto a = valid_states(base), b = valid_states(fresh);
  for (const auto& [key, r] : a) {
    const auto it = b.find(key);
    if (it == b.end()) {
      c.only_in_base.push_back(key);
      continue;
    }
    const json& ta = r->at("time_s");
    const json& tb = it->second->at("time_s");
    compared_state s;
    s.key = key;
    s.base_median = ta.at("median").get<double>();
    s.new_median = tb.at("median").get<double>();
    s.ratio = s.new_median / s.base_median;
    s.noise = std::max(ta.at("noise").get<double>(), tb.at("noise").get<double>());
    // A difference within the noise of either measurement says nothing.
    const double change = std::fabs(s.ratio - 1.0);
    s.outcome = change <= s.noise ? verdict::same : s.ratio > 1 ? verdict::slower : verdict::faster;
    // Results written before the sample modes were all hot.
    s.base_mode = r->value("mode", "hot");
    s.new_mode = it->second->value("mode", "hot");
    const std::string backend = r->at("backend").get<std::string>();
    s.base_device = device_of(base, backend);
    s.new_device = device_of(fresh, backend);
    if (s.base_mode != s.new_mode)
      s.outcome = verdict::modes_differ;
    else if (s.devices_differ() && !across_devices)
      s.outcome = verdict::devices_differ;
    c.states.push_back(s);
  }
  for (const auto& [key, r] : b)
    if (!a.count(key)) c.only_in_new.push_back(key);
  return c;
}

std::vector<const compared_state*> regressions(const comparison& c, double threshold) {
  std::vector<const compared_state*> out;
  for (const auto& s : c.states)
    if (s.outcome == verdict::slower && s.ratio > 1.0 + threshold) out.push_back(&s);
  return out;
}

void print_comparison(std::ostream& os, const comparison& c) {
  fmt::print(os, "| state | base | new | new / base | noise | verdict |\n");
  fmt::print(os, "|---|---:|---:|---:|---:|---|\n");
  for (const auto& s : c.states)
    fmt::print(os, "| {} | {:.4g} ms | {:.4g} ms | {:.3f} | {:.1f}% | {}{} |\n", s.key,
               s.base_median * 1e3, s.new_median * 1e3, s.ratio, s.noise * 100,
               to_string(s.outcome),
               s.outcome == verdict::modes_differ
                   ? fmt::format(" ({} / {}): not compared", s.base_mode, s.new_mode)
               : s.outcome == verdict::devices_differ
                   ? fmt::format(" ({} / {}): not judged", s.base_device, s.new_device)
               : s.devices_differ() ? fmt::format(" (across devices: {} / {})", s.base_device,
                                                  s.new_device)
                                    : "");
  for (const auto& k : c.only_in_base) fmt::print(os, "\n- only in the base: {}", k);
  for (const auto& k : c.only_in_new) fmt::print(os, "\n- only in the new results: {}", k);
  if (!c.only_in_base.empty() || !c.only_in_new.empty()) fmt::print(os, "\n");
  const auto count = [&](verdict v) {
    return std::count_if(c.states.begin(), c.states.end(),
                         [&](const compared_state& s) { return s.outcome == v; });
  };
  fmt::print(os,
             "\n{} faster, {} slower, {} same, {} measured in different modes, {} on different "
             "devices; {} only in the base, {} only in the new\n",
             count(verdict::faster), count(verdict::slower), count(verdict::same),
             count(verdict::modes_differ), count(verdict::devices_differ), c.only_in_base.size(),
             c.only_in_new.size());
  // Each pair of devices once, so that the reader sees why nothing was judged.
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& s : c.states)
    if (s.devices_differ() && pairs.emplace(s.base_device, s.new_device).second)
      fmt::print(os, "the base ran on {}, the new on {}{}\n", s.base_device, s.new_device,
                 s.outcome == verdict::devices_differ
                     ? ": not judged (runner compare --across-devices judges them)"
                     : "");
}

}  // namespace parprim::runner
