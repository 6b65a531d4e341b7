#include "parprim/plugin_summary.hpp"

#include <algorithm>

namespace parprim {
namespace {
std::string text(const char* s) {
  return s ? s : "";
}
}  // namespace

std::vector<const variant*> plugin_summary::variants_of(parprim_operation op) const {
  std::vector<const variant*> found;
  for (const auto& v : variants)
    if (v.operation == op) found.push_back(&v);
  return found;
}

std::string plugin_summary::unsupported_reason(const problem& p) const {
  const variant* chosen = nullptr;
  for (const auto* v : variants_of(p.operation))
    if (p.variant.empty() || p.variant == v->name) {
      chosen = v;
      break;
    }
  if (!chosen)
    return p.variant.empty()
               ? "no " + std::string(to_string(p.operation)) + " variant"
               : "no " + std::string(to_string(p.operation)) + " variant '" + p.variant + "'";
  if (!chosen->offers(p.dtype))
    return chosen->name + " does not offer " + std::string(to_string(p.dtype));
  if ((chosen->flags & p.required_flags()) != p.required_flags())
    return chosen->name + " does not offer " + p.form();
  return {};
}

bool plugin_summary::declares(const std::string& param) const {
  return std::any_of(variants.begin(), variants.end(),
                     [&](const variant& v) { return v.declares(param); });
}

plugin_summary summarize(const loaded_plugin& plugin) {
  const parprim_plugin_descriptor& d = *plugin.descriptor;
  plugin_summary s;
  s.path = plugin.path;
  s.name = text(d.name);
  s.version = text(d.version);
  s.description = text(d.description);
  s.abi_version = d.abi_version;
  s.struct_size = d.struct_size;
  s.domain = static_cast<parprim_memory_domain>(d.memory_domain);
  if (parprim_descriptor_has(&d, timing_basis))
    s.timing = static_cast<parprim_timing_basis>(d.timing_basis);
  s.unavailable_reason = plugin.unavailable_reason;
  if (plugin.available()) s.device = text(d.device_description());
  for (std::uint32_t i = 0; i < d.variant_count; ++i) {
    const parprim_variant_info& v = d.variants[i];
    variant vs;
    vs.operation = static_cast<parprim_operation>(v.operation);
    vs.name = text(v.name);
    vs.description = text(v.description);
    vs.dtypes = v.dtypes;
    vs.flags = v.flags;
    for (std::uint32_t k = 0; k < v.param_count; ++k) {
      const parprim_param_info& p = v.params[k];
      vs.params.push_back({text(p.name), text(p.description), p.default_value,
                           std::vector<std::int64_t>(p.allowed, p.allowed + p.allowed_count)});
    }
    s.variants.push_back(std::move(vs));
  }
  return s;
}

}  // namespace parprim
