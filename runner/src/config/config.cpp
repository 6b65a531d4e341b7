#include "config/config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace parprim::runner {
namespace {

namespace fs = std::filesystem;

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

/// Reads typed values out of YAML nodes, reporting problems as "file:line:column: message".
class reader {
 public:
  reader(fs::path source, diagnostics& diag) : source_(std::move(source)), diag_(diag) {}

  std::string where(const YAML::Node& node) const {
    const YAML::Mark m = node.Mark();
    if (m.is_null()) return source_.string();
    return source_.string() + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
  }
  /// Reports a problem once: a node shared by several benchmarks (the `defaults:` sizes, say)
  /// is read once per benchmark, but its mistake is one line.
  void error(const YAML::Node& node, const std::string& message) const {
    std::string line = where(node) + ": " + message;
    if (reported_.insert(line).second) diag_.add(exit_bad_config, std::move(line));
  }

  /// Reports keys that are not in `allowed` (naming the valid ones) and keys given twice.
  bool check_map(const YAML::Node& node, const std::string& context,
                 const std::vector<std::string>& allowed) const {
    if (!node.IsMap()) {
      error(node, context + " must be a mapping with keys " + join(allowed));
      return false;
    }
    std::set<std::string> seen;
    for (const auto& kv : node) {
      const std::string key = kv.first.Scalar();
      if (!seen.insert(key).second)
        error(kv.first, "duplicate key '" + key + "' in " + context);
      else if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        error(kv.first,
              "unknown key '" + key + "' in " + context + " (valid keys: " + join(allowed) + ")");
    }
    return true;
  }

  /// The value of `key` in `map`, taking the first when the key is duplicated.
  static YAML::Node get(const YAML::Node& map, const std::string& key) {
    for (const auto& kv : map)
      if (kv.first.Scalar() == key) return kv.second;
    return YAML::Node(YAML::NodeType::Undefined);
  }

  template <class T>
  std::optional<T> scalar(const YAML::Node& node, const std::string& what,
                          const char* type_name) const {
    if (!node.IsScalar()) {
      error(node, what + ": expected " + type_name);
      return std::nullopt;
    }
    T value;
    if (!YAML::convert<T>::decode(node, value)) {
      error(node, what + ": expected " + type_name + ", got '" + node.Scalar() + "'");
      return std::nullopt;
    }
    return value;
  }

  std::optional<std::uint64_t> unsigned_value(const YAML::Node& node,
                                              const std::string& what) const {
    if (node.IsScalar() && !node.Scalar().empty() && node.Scalar()[0] == '-') {
      error(node, what + ": expected a non-negative integer, got '" + node.Scalar() + "'");
      return std::nullopt;
    }
    return scalar<std::uint64_t>(node, what, "a non-negative integer");
  }

  std::optional<int> positive_int(const YAML::Node& node, const std::string& what,
                                  bool allow_zero = false) const {
    auto v = scalar<int>(node, what, "an integer");
    if (v && (*v < 0 || (*v == 0 && !allow_zero))) {
      error(node, what + ": must be " + (allow_zero ? "at least 0" : "at least 1") + ", got " +
                      std::to_string(*v));
      return std::nullopt;
    }
    return v;
  }

  std::optional<double> positive_double(const YAML::Node& node, const std::string& what) const {
    auto v = scalar<double>(node, what, "a number");
    if (v && !(*v > 0 && std::isfinite(*v))) {
      error(node, what + ": must be a positive number, got '" + node.Scalar() + "'");
      return std::nullopt;
    }
    return v;
  }

  /// A scalar or a sequence of scalars, as strings.
  std::vector<std::pair<std::string, YAML::Node>> names(const YAML::Node& node,
                                                        const std::string& what) const {
    std::vector<std::pair<std::string, YAML::Node>> out;
    if (node.IsScalar()) {
      out.emplace_back(node.Scalar(), node);
    } else if (node.IsSequence()) {
      for (const auto& item : node) {
        if (item.IsScalar())
          out.emplace_back(item.Scalar(), item);
        else
          error(item, what + ": expected a name");
      }
    } else {
      error(node, what + ": expected a name or a list of names");
    }
    return out;
  }

  const fs::path& source() const { return source_; }

 private:
  fs::path source_;
  diagnostics& diag_;
  mutable std::set<std::string> reported_;
};

// Parses each name with `parse`, reporting unknown ones with the valid choices.
template <class E, class Parse>
std::vector<E> parse_names(const reader& r, const YAML::Node& node, const std::string& what,
                           Parse parse, const std::vector<std::string>& valid) {
  std::vector<E> out;
  for (const auto& [name, item] : r.names(node, what)) {
    if (auto v = parse(name))
      out.push_back(*v);
    else
      r.error(item, "unknown " + what + " '" + name + "' (valid: " + join(valid) + ")");
  }
  return out;
}

std::vector<std::string> dtype_names() {
  std::vector<std::string> v;
  for (auto t : all_dtypes) v.emplace_back(to_string(t));
  return v;
}
std::vector<std::string> operation_names() {
  std::vector<std::string> v;
  for (auto op : all_operations) v.emplace_back(to_string(op));
  return v;
}
std::vector<std::string> distribution_names(bool text) {
  std::vector<std::string> v;
  if (text)
    for (auto d : text_distributions) v.emplace_back(to_string(d));
  else
    for (auto d : all_distributions) v.emplace_back(to_string(d));
  return v;
}

std::optional<std::uint64_t> size_value(const reader& r, const YAML::Node& node,
                                        const std::string& what) {
  if (!node.IsScalar()) {
    r.error(node, what + ": expected a size such as 1024 or 2^20-3");
    return std::nullopt;
  }
  auto v = parse_size(node.Scalar());
  if (!v)
    r.error(node, what + ": '" + node.Scalar() +
                      "' is not a size (an integer of at least 0 such as 0, 1000, 2^20 or "
                      "2^20-3)");
  return v;
}

std::vector<std::uint64_t> parse_sizes(const reader& r, const YAML::Node& node) {
  std::vector<std::uint64_t> sizes;
  if (node.IsSequence() || node.IsScalar()) {
    const YAML::Node list = node;
    if (node.IsScalar()) {
      if (auto v = size_value(r, node, "sizes")) sizes.push_back(*v);
      return sizes;
    }
    for (const auto& item : list)
      if (auto v = size_value(r, item, "sizes")) sizes.push_back(*v);
    return sizes;
  }
  if (!r.check_map(node, "sizes", {"powers_of_two", "offsets", "list"})) return sizes;
  std::vector<std::int64_t> offsets = {0};
  if (auto o = reader::get(node, "offsets"); o.IsDefined()) {
    offsets.clear();
    // Iterating a mapping yields key-value pairs, which as nodes are invalid: only a list is
    // read (the fuzzer found `offsets: {a: 1}` terminating the runner).
    if (!o.IsSequence())
      r.error(o, "sizes.offsets: expected a list of integers such as [0, -3]");
    else
      for (const auto& item : o)
        if (auto v = r.scalar<std::int64_t>(item, "sizes.offsets", "an integer"))
          offsets.push_back(*v);
  }
  if (auto p = reader::get(node, "powers_of_two"); p.IsDefined()) {
    if (r.check_map(p, "sizes.powers_of_two", {"from", "to", "step"})) {
      auto from = r.positive_int(reader::get(p, "from"), "sizes.powers_of_two.from", true);
      auto to = r.positive_int(reader::get(p, "to"), "sizes.powers_of_two.to", true);
      int step = 1;
      if (auto s = reader::get(p, "step"); s.IsDefined())
        step = r.positive_int(s, "sizes.powers_of_two.step").value_or(1);
      if (from && to && (*to > 62 || *from > *to)) {
        r.error(p, "sizes.powers_of_two: need from <= to <= 62, got from " + std::to_string(*from) +
                       ", to " + std::to_string(*to));
      } else if (from && to) {
        for (int e = *from; e <= *to; e += step)
          for (std::int64_t off : offsets) {
            const std::int64_t n = (std::int64_t{1} << e) + off;
            if (n >= 0)
              sizes.push_back(static_cast<std::uint64_t>(n));
            else
              r.error(p, "sizes: 2^" + std::to_string(e) + std::to_string(off) +
                             " is below 0; left out");
          }
      }
    }
  }
  if (auto l = reader::get(node, "list"); l.IsDefined())
    for (auto v : parse_sizes(r, l)) sizes.push_back(v);
  return sizes;
}

std::vector<operation_form> parse_forms(const reader& r, const YAML::Node& b,
                                        parprim_operation op) {
  std::vector<operation_form> forms;
  problem base;
  base.operation = op;
  const YAML::Node kinds = reader::get(b, "kinds"), predicates = reader::get(b, "predicates"),
                   payloads = reader::get(b, "payloads"), orders = reader::get(b, "orders"),
                   utf8_forms = reader::get(b, "forms");
  auto only_for = [&](const YAML::Node& n, const char* key, parprim_operation owner) {
    if (n.IsDefined() && op != owner)
      r.error(n, std::string(key) + " applies to " + std::string(to_string(owner)) +
                     " benchmarks only");
  };
  only_for(kinds, "kinds", PARPRIM_OP_SCAN);
  only_for(predicates, "predicates", PARPRIM_OP_COMPACT);
  only_for(payloads, "payloads", PARPRIM_OP_SORT);
  only_for(orders, "orders", PARPRIM_OP_SORT);
  if (utf8_forms.IsDefined() && op != PARPRIM_OP_UTF8_DECODE)
    r.error(utf8_forms, "forms applies to utf8_decode benchmarks only (replace, validate)");

  switch (op) {
    case PARPRIM_OP_SCAN: {
      auto ks = kinds.IsDefined()
                    ? parse_names<parprim_scan_kind>(r, kinds, "scan kind", parse_scan_kind,
                                                     {"exclusive", "inclusive"})
                    : std::vector<parprim_scan_kind>{PARPRIM_SCAN_EXCLUSIVE};
      for (auto k : ks) {
        problem p = base;
        p.scan_kind = k;
        forms.push_back({p, 0});
      }
      break;
    }
    case PARPRIM_OP_COMPACT: {
      if (!predicates.IsDefined()) {
        forms.push_back({base, 0});
        break;
      }
      if (!predicates.IsSequence()) {
        r.error(predicates, "predicates: expected a list such as [nonzero, {greater_than: 1}]");
        break;
      }
      for (const auto& item : predicates) {
        problem p = base;
        if (item.IsScalar() && item.Scalar() == "nonzero") {
          p.predicate = PARPRIM_PRED_NONZERO;
          forms.push_back({p, 0});
        } else if (item.IsMap() && r.check_map(item, "predicate", {"greater_than"}) &&
                   reader::get(item, "greater_than").IsDefined()) {
          if (auto v = r.scalar<double>(reader::get(item, "greater_than"),
                                        "predicates.greater_than", "a number")) {
            p.predicate = PARPRIM_PRED_GREATER_THAN;
            forms.push_back({p, *v});
          }
        } else {
          r.error(item, "unknown predicate (valid: nonzero, {greater_than: NUMBER})");
        }
      }
      break;
    }
    case PARPRIM_OP_SORT: {
      auto ps = payloads.IsDefined()
                    ? parse_names<parprim_sort_payload>(r, payloads, "sort payload",
                                                        parse_sort_payload, {"keys", "pairs"})
                    : std::vector<parprim_sort_payload>{PARPRIM_SORT_KEYS};
      auto os = orders.IsDefined()
                    ? parse_names<parprim_sort_order>(r, orders, "sort order", parse_sort_order,
                                                      {"ascending", "descending"})
                    : std::vector<parprim_sort_order>{PARPRIM_SORT_ASCENDING};
      for (auto payload : ps)
        for (auto order : os) {
          problem p = base;
          p.sort_payload = payload;
          p.sort_order = order;
          forms.push_back({p, 0});
        }
      break;
    }
    case PARPRIM_OP_UTF8_DECODE:
    case PARPRIM_OP_UTF8_ENCODE: {
      auto fs = utf8_forms.IsDefined() && op == PARPRIM_OP_UTF8_DECODE
                    ? parse_names<parprim_utf8_form>(r, utf8_forms, "utf8_decode form",
                                                     parse_utf8_form, {"replace", "validate"})
                    : std::vector<parprim_utf8_form>{PARPRIM_UTF8_REPLACE};
      for (auto f : fs) {
        problem p = base;
        p.utf8_form = f;
        forms.push_back({p, 0});
      }
      break;
    }
  }
  return forms;
}

struct benchmark_defaults {
  // Undefined unless `defaults:` sets them (a default-constructed Node is a defined null).
  YAML::Node types{YAML::NodeType::Undefined};
  YAML::Node sizes{YAML::NodeType::Undefined};
  YAML::Node distributions{YAML::NodeType::Undefined};
};

std::optional<benchmark_config> parse_benchmark(const reader& r, const YAML::Node& b,
                                                std::size_t index,
                                                const benchmark_defaults& defaults) {
  const std::string context = "benchmarks[" + std::to_string(index) + "]";
  if (!r.check_map(b, context,
                   {"name", "operation", "kinds", "predicates", "payloads", "orders", "forms",
                    "types", "sizes", "distributions", "errors", "variants", "params"}))
    return std::nullopt;
  benchmark_config bc;
  const YAML::Node op = reader::get(b, "operation");
  if (!op.IsDefined()) {
    r.error(b, context + ": 'operation' is required (" + join(operation_names()) + ")");
    return std::nullopt;
  }
  auto ops = parse_names<parprim_operation>(r, op, "operation", parse_operation, operation_names());
  if (ops.size() != 1) return std::nullopt;
  bc.operation = ops[0];
  bc.name = std::string(to_string(bc.operation));
  if (auto n = reader::get(b, "name"); n.IsDefined())
    bc.name = r.scalar<std::string>(n, context + ".name", "a string").value_or(bc.name);
  bc.forms = parse_forms(r, b, bc.operation);

  // A UTF-8 operation reads one type (bytes or code points) and text; the `defaults:` types
  // and distributions are the array operations'.
  const bool text = is_utf8(bc.operation);
  if (text) {
    if (auto t = reader::get(b, "types"); t.IsDefined())
      r.error(t, context + ": types does not apply to " + std::string(to_string(bc.operation)) +
                     ", which reads " + std::string(to_string(utf8_input_dtype(bc.operation))));
    bc.types = {utf8_input_dtype(bc.operation)};
  } else {
    const YAML::Node types =
        reader::get(b, "types").IsDefined() ? reader::get(b, "types") : defaults.types;
    bc.types = types.IsDefined() ? parse_names<parprim_dtype>(r, types, "element type",
                                                              parse_element_type, dtype_names())
                                 : std::vector<parprim_dtype>{PARPRIM_I32};
  }

  const YAML::Node sizes =
      reader::get(b, "sizes").IsDefined() ? reader::get(b, "sizes") : defaults.sizes;
  if (!sizes.IsDefined())
    r.error(b, context + ": 'sizes' is required here or under 'defaults'");
  else
    bc.sizes = parse_sizes(r, sizes);

  const YAML::Node dists = reader::get(b, "distributions").IsDefined() || text
                               ? reader::get(b, "distributions")
                               : defaults.distributions;
  const auto parse_input = [text](const std::string& name) -> std::optional<distribution> {
    const auto d = parse_distribution(name);
    if (d && text_mix_of(*d).has_value() != text) return std::nullopt;
    return d;
  };
  bc.distributions =
      dists.IsDefined()
          ? parse_names<distribution>(r, dists, text ? "text distribution" : "distribution",
                                      parse_input, distribution_names(text))
          : std::vector<distribution>{text ? distribution::text_mixed : distribution::uniform};

  if (auto e = reader::get(b, "errors"); e.IsDefined()) {
    if (!text) {
      r.error(e, context + ": errors applies to the UTF-8 operations' text inputs only");
    } else {
      bc.error_rates.clear();
      const auto add = [&](const YAML::Node& item) {
        const auto v = r.scalar<double>(item, "errors", "a rate from 0 to 1");
        if (v && *v >= 0 && *v <= 1)
          bc.error_rates.push_back(*v);
        else if (v)
          r.error(item, "errors: " + item.Scalar() + " is not a rate from 0 to 1; left out");
      };
      if (e.IsSequence())
        for (const auto& item : e) add(item);
      else
        add(e);
    }
  }

  if (auto v = reader::get(b, "variants"); v.IsDefined() && !(v.IsScalar() && v.Scalar() == "all"))
    for (const auto& [name, node] : r.names(v, "variants")) {
      bc.variants.push_back(name);
      bc.variant_places.push_back(r.where(node));
    }

  if (auto params = reader::get(b, "params"); params.IsDefined()) {
    if (!params.IsMap()) {
      r.error(params, context + ".params: expected a mapping such as {threads: [1, 2]}");
    } else {
      for (const auto& kv : params) {
        const std::string name = kv.first.Scalar();
        std::vector<std::int64_t> values;
        const YAML::Node list = kv.second;
        auto add = [&](const YAML::Node& item) {
          if (auto x = r.scalar<std::int64_t>(item, "params." + name, "an integer"))
            values.push_back(*x);
        };
        if (list.IsSequence())
          for (const auto& item : list) add(item);
        else
          add(list);
        if (!values.empty()) bc.params[name] = values;
      }
    }
  }
  if (bc.forms.empty() || bc.types.empty() || bc.sizes.empty() || bc.distributions.empty() ||
      bc.error_rates.empty()) {
    r.error(b, context + " (" + bc.name + ") has nothing left to run and is skipped");
    return std::nullopt;
  }
  return bc;
}

void parse_measurement(const reader& r, const YAML::Node& m, measurement_settings& s) {
  if (!r.check_map(m, "measurement",
                   {"warmup", "min_samples", "max_samples", "min_time", "max_time", "max_noise",
                    "end_to_end", "end_to_end_samples", "mode", "host_mode", "batch_runs"}))
    return;
  auto set_int = [&](const char* key, int& field, bool allow_zero) {
    if (auto n = reader::get(m, key); n.IsDefined())
      field = r.positive_int(n, std::string("measurement.") + key, allow_zero).value_or(field);
  };
  auto set_double = [&](const char* key, double& field) {
    if (auto n = reader::get(m, key); n.IsDefined())
      field = r.positive_double(n, std::string("measurement.") + key).value_or(field);
  };
  set_int("warmup", s.warmup, true);
  set_int("min_samples", s.min_samples, false);
  set_int("max_samples", s.max_samples, false);
  set_int("end_to_end_samples", s.end_to_end_samples, false);
  set_double("min_time", s.min_time);
  set_double("max_time", s.max_time);
  set_double("max_noise", s.max_noise);
  if (auto n = reader::get(m, "end_to_end"); n.IsDefined())
    s.end_to_end = r.scalar<bool>(n, "measurement.end_to_end", "true or false").value_or(true);
  set_int("batch_runs", s.batch_runs, false);
  auto set_mode = [&](const char* key, sample_mode& field) {
    const YAML::Node n = reader::get(m, key);
    if (!n.IsDefined()) return;
    const std::string name = std::string("measurement.") + key;
    if (auto text = r.scalar<std::string>(n, name, "cold, hot or batch")) {
      if (auto mode = parse_sample_mode(*text))
        field = *mode;
      else
        r.error(n, name + ": expected cold, hot or batch, got '" + *text + "'");
    }
  };
  set_mode("mode", s.device_mode);
  set_mode("host_mode", s.host_mode);
  if (s.max_samples < s.min_samples) {
    r.error(m, "measurement: max_samples (" + std::to_string(s.max_samples) +
                   ") is below min_samples (" + std::to_string(s.min_samples) + "); using " +
                   std::to_string(s.min_samples));
    s.max_samples = s.min_samples;
  }
}

void parse_isolation(const reader& r, const YAML::Node& node, isolation_settings& s) {
  if (!r.check_map(
          node, "isolation",
          {"mode", "timeout_s", "timeout_ns_per_element", "sandbox", "network", "cpu_time_s"}))
    return;
  if (auto n = reader::get(node, "mode"); n.IsDefined()) {
    if (auto mode = r.scalar<std::string>(n, "isolation.mode", "process, none or both")) {
      if (*mode == "process")
        s.how = isolation_settings::mode::process;
      else if (*mode == "none")
        s.how = isolation_settings::mode::none;
      else if (*mode == "both")
        s.how = isolation_settings::mode::both;
      else
        r.error(n, "isolation.mode: expected process, none or both, got '" + *mode + "'");
    }
  }
  if (auto n = reader::get(node, "timeout_s"); n.IsDefined())
    s.timeout_s = r.positive_double(n, "isolation.timeout_s").value_or(s.timeout_s);
  if (auto n = reader::get(node, "timeout_ns_per_element"); n.IsDefined()) {
    if (auto v = r.scalar<double>(n, "isolation.timeout_ns_per_element", "a number")) {
      if (*v >= 0 && std::isfinite(*v))
        s.timeout_ns_per_element = *v;
      else
        r.error(n,
                "isolation.timeout_ns_per_element: must be at least 0, got '" + n.Scalar() + "'");
    }
  }
  if (auto n = reader::get(node, "sandbox"); n.IsDefined()) {
    // YAML reads a bare on/off as a boolean; either spelling is taken.
    if (auto mode = r.scalar<std::string>(n, "isolation.sandbox", "on, off or compare")) {
      if (*mode == "on" || *mode == "true")
        s.sandbox = isolation_settings::sandbox_mode::on;
      else if (*mode == "off" || *mode == "false")
        s.sandbox = isolation_settings::sandbox_mode::off;
      else if (*mode == "compare")
        s.sandbox = isolation_settings::sandbox_mode::compare;
      else
        r.error(n, "isolation.sandbox: expected on, off or compare, got '" + *mode + "'");
    }
  }
  if (auto n = reader::get(node, "network"); n.IsDefined()) {
    s.network.clear();
    for (const auto& [name, item] : r.names(n, "isolation.network")) s.network.push_back(name);
  }
  if (auto n = reader::get(node, "cpu_time_s"); n.IsDefined())
    s.cpu_time_s = r.positive_double(n, "isolation.cpu_time_s").value_or(s.cpu_time_s);
}

void parse_outputs(const reader& r, const YAML::Node& o, output_settings& s) {
  if (!r.check_map(o, "outputs", {"json", "csv", "markdown", "console"})) return;
  auto set_path = [&](const char* key, std::optional<fs::path>& field) {
    if (auto n = reader::get(o, key); n.IsDefined())
      if (auto v = r.scalar<std::string>(n, std::string("outputs.") + key, "a file path"))
        field = fs::path(*v);  // relative paths are relative to the working directory
  };
  set_path("json", s.json);
  set_path("csv", s.csv);
  set_path("markdown", s.markdown);
  if (auto n = reader::get(o, "console"); n.IsDefined())
    s.console = r.scalar<bool>(n, "outputs.console", "true or false").value_or(true);
}

}  // namespace

std::optional<parprim_dtype> parse_element_type(const std::string& name) {
  const auto t = parse_dtype(name);
  if (t == PARPRIM_U8) return std::nullopt;
  return t;
}

std::optional<std::uint64_t> parse_size(const std::string& text) {
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '_') s += c;
  if (s.empty()) return std::nullopt;
  std::uint64_t base = 0;
  std::size_t pos = 0;
  auto read_number = [&](std::uint64_t& out) {
    const std::size_t start = pos;
    out = 0;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
      if (out > (UINT64_MAX - 9) / 10) return false;
      out = out * 10 + static_cast<std::uint64_t>(s[pos++] - '0');
    }
    return pos > start;
  };
  if (!read_number(base)) return std::nullopt;
  if (pos < s.size() && s[pos] == '^') {
    ++pos;
    std::uint64_t exponent = 0;
    if (base != 2 || !read_number(exponent) || exponent > 62) return std::nullopt;
    base = std::uint64_t{1} << exponent;
  }
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    const bool minus = s[pos++] == '-';
    std::uint64_t offset = 0;
    if (!read_number(offset)) return std::nullopt;
    if (minus && offset > base) return std::nullopt;
    base = minus ? base - offset : base + offset;
  }
  if (pos != s.size()) return std::nullopt;
  return base;
}

std::optional<config> parse_config(const std::string& yaml_text, const fs::path& source,
                                   diagnostics& diag) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::ParserException& e) {
    diag.add(exit_bad_config, source.string() + ":" + std::to_string(e.mark.line + 1) + ":" +
                                  std::to_string(e.mark.column + 1) + ": malformed YAML: " + e.msg);
    return std::nullopt;
  }
  if (root.IsNull() || !root.IsDefined()) {
    diag.add(exit_bad_config, source.string() + ": the config is empty (see docs/config.md)");
    return std::nullopt;
  }
  const reader r(source, diag);
  if (!r.check_map(root, "the config",
                   {"plugin_paths", "backends", "seed", "measurement", "isolation", "outputs",
                    "defaults", "benchmarks"}))
    return std::nullopt;

  config c;
  c.source = source;
  if (auto n = reader::get(root, "plugin_paths"); n.IsDefined())
    for (const auto& [name, node] : r.names(n, "plugin_paths")) {
      fs::path p(name);
      // Relative plugin folders are relative to the config file, so a config can ship beside
      // its plugins.
      c.plugin_paths.push_back(p.is_relative() ? source.parent_path() / p : p);
    }
  if (auto n = reader::get(root, "backends");
      n.IsDefined() && !(n.IsScalar() && n.Scalar() == "all"))
    for (const auto& [name, node] : r.names(n, "backends")) c.backends.push_back(name);
  if (auto n = reader::get(root, "seed"); n.IsDefined())
    c.seed = r.unsigned_value(n, "seed").value_or(c.seed);
  if (auto n = reader::get(root, "measurement"); n.IsDefined())
    parse_measurement(r, n, c.measurement);
  if (auto n = reader::get(root, "isolation"); n.IsDefined()) parse_isolation(r, n, c.isolation);
  if (auto n = reader::get(root, "outputs"); n.IsDefined()) parse_outputs(r, n, c.outputs);

  benchmark_defaults defaults;
  if (auto d = reader::get(root, "defaults");
      d.IsDefined() && r.check_map(d, "defaults", {"types", "sizes", "distributions"})) {
    defaults.types = reader::get(d, "types");
    defaults.sizes = reader::get(d, "sizes");
    defaults.distributions = reader::get(d, "distributions");
  }
  const YAML::Node benchmarks = reader::get(root, "benchmarks");
  if (!benchmarks.IsDefined() || !benchmarks.IsSequence() || benchmarks.size() == 0) {
    r.error(benchmarks.IsDefined() ? benchmarks : root,
            "'benchmarks' must be a non-empty list (see docs/config.md)");
    return c;
  }
  std::size_t index = 0;
  for (const auto& b : benchmarks)
    if (auto bc = parse_benchmark(r, b, index++, defaults)) c.benchmarks.push_back(*bc);
  return c;
}

std::optional<config> load_config(const fs::path& path, diagnostics& diag) {
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    diag.add(exit_bad_config, path.string() + ": config file does not exist");
    return std::nullopt;
  }
  std::ifstream in(path);
  if (!in || fs::is_directory(path, ec)) {
    diag.add(exit_bad_config, path.string() + ": cannot read config file");
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  return parse_config(text.str(), path, diag);
}

}  // namespace parprim::runner
