#include "conformance_ledger.hpp"

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace parprim::conformance {
namespace fs = std::filesystem;

namespace {

constexpr const char* ledger_variable = "PARPRIM_CONFORMANCE_LEDGER";
constexpr const char* resume_variable = "PARPRIM_CONFORMANCE_RESUME_AFTER";
constexpr const char* not_run_variable = "PARPRIM_CONFORMANCE_NOT_RUN";

constexpr std::pair<case_outcome, std::string_view> outcome_names[] = {
    {case_outcome::passed, "passed"}, {case_outcome::wrong, "wrong"},
    {case_outcome::error, "error"},   {case_outcome::crash, "crash"},
    {case_outcome::hang, "hang"},     {case_outcome::exit, "exit"},
    {case_outcome::not_run, "not_run"}};

// Fields are tab-separated; a tab or newline inside one (a plugin's error text) becomes a space.
std::string field(std::string s) {
  for (char& c : s)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return s;
}

std::optional<std::uint64_t> number(std::string_view s) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::uint64_t resume_point() {
  const char* text = std::getenv(resume_variable);
  return text ? number(text).value_or(0) : 0;
}

// The parent's list of what not to run: "VARIANT" lines, and "VARIANT<tab>FORM<tab>N" lines.
const std::set<std::string>& not_run_list() {
  static const std::set<std::string> lines = [] {
    std::set<std::string> out;
    if (const char* path = std::getenv(not_run_variable)) {
      std::ifstream f(path);
      for (std::string line; std::getline(f, line);)
        if (!line.empty()) out.insert(line);
    }
    return out;
  }();
  return lines;
}

std::uint64_t& cases_counted() {
  static std::uint64_t n = 0;
  return n;
}

std::vector<case_record>& memory() {
  static std::vector<case_record> records;
  return records;
}

}  // namespace

std::string case_id::text() const {
  std::string t = variant + " " + form + " " + input;
  if (n || seed) t += " n=" + std::to_string(n);
  if (seed) t += " seed=" + std::to_string(seed);
  return t;
}

std::string_view to_string(case_outcome o) {
  for (const auto& [v, name] : outcome_names)
    if (v == o) return name;
  return "unknown";
}

bool ended_the_child(case_outcome o) {
  return o == case_outcome::crash || o == case_outcome::hang || o == case_outcome::exit;
}

std::string to_line(const case_record& r) {
  std::ostringstream line;
  line << r.id.ordinal << '\t' << field(r.id.variant) << '\t' << field(r.id.form) << '\t'
       << field(r.id.input) << '\t' << r.id.n << '\t' << r.id.seed << '\t' << to_string(r.outcome)
       << '\t' << field(r.detail);
  return line.str();
}

std::optional<case_record> parse_line(std::string_view line) {
  std::vector<std::string_view> f;
  for (std::size_t at = 0;;) {
    const std::size_t tab = line.find('\t', at);
    f.push_back(line.substr(at, tab == std::string_view::npos ? std::string_view::npos : tab - at));
    if (tab == std::string_view::npos) break;
    at = tab + 1;
  }
  if (f.size() != 8) return std::nullopt;
  const auto ordinal = number(f[0]), n = number(f[4]), seed = number(f[5]);
  if (!ordinal || !n || !seed) return std::nullopt;
  for (const auto& [outcome, name] : outcome_names)
    if (name == f[6])
      return case_record{{*ordinal, std::string(f[1]), std::string(f[2]), std::string(f[3]), *n,
                          *seed},
                         outcome,
                         std::string(f[7])};
  return std::nullopt;
}

std::vector<case_record> read_ledger(const fs::path& file) {
  std::vector<case_record> out;
  std::ifstream f(file);
  for (std::string line; std::getline(f, line);)
    if (auto r = parse_line(line)) out.push_back(std::move(*r));  // a torn last line is dropped
  return out;
}

std::optional<case_record> last_recorded_after(const std::vector<case_record>& records,
                                               std::uint64_t ordinal) {
  std::optional<case_record> last;
  for (const case_record& r : records)
    if (r.id.ordinal > ordinal && (!last || r.id.ordinal > last->id.ordinal)) last = r;
  return last;
}

void append_to_ledger(const fs::path& file, const case_record& r) {
  std::ofstream(file, std::ios::app) << to_line(r) << '\n' << std::flush;
}

std::vector<std::string> child_environment(const child_ledger_settings& s) {
  return {std::string(ledger_variable) + "=" + s.ledger.string(),
          std::string(not_run_variable) + "=" + s.not_run.string(),
          std::string(resume_variable) + "=" + std::to_string(s.resume_after)};
}

bool parent_keeps_ledger() {
  return std::getenv(ledger_variable) != nullptr;
}

bool resuming() {
  return resume_point() != 0;
}

bool cases_pending(std::size_t runs) {
  if (cases_counted() + runs > resume_point()) return true;
  cases_counted() += runs;
  return false;
}

std::optional<std::uint64_t> next_case() {
  const std::uint64_t ordinal = ++cases_counted();
  if (ordinal <= resume_point()) return std::nullopt;
  return ordinal;
}

std::string not_run_reason(const case_id& id) {
  const auto& list = not_run_list();
  if (list.count(id.variant)) return "its variant crashed or hung too often";
  if (list.count(id.variant + "\t" + id.form + "\t" + std::to_string(id.n)))
    return "it hung at this size in another input class";
  return {};
}

bool failed_in_earlier_child(const std::string& variant, const std::string& form) {
  static const std::set<std::string> failed = [] {
    std::set<std::string> out;
    if (const char* path = std::getenv(ledger_variable); path && resuming())
      for (const case_record& r : read_ledger(path))
        if (r.outcome != case_outcome::passed) out.insert(r.id.variant + "\t" + r.id.form);
    return out;
  }();
  return failed.count(variant + "\t" + form) != 0;
}

void record_case(const case_record& r) {
  if (const char* path = std::getenv(ledger_variable))
    append_to_ledger(path, r);
  else
    memory().push_back(r);
}

const std::vector<case_record>& recorded_cases() {
  return memory();
}

}  // namespace parprim::conformance
