#include "conformance_matrix.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace parprim::conformance {
namespace {

char symbol(case_outcome o) {
  switch (o) {
    case case_outcome::passed:
      return '.';
    case case_outcome::wrong:
      return 'W';
    case case_outcome::error:
      return 'E';
    case case_outcome::crash:
      return 'C';
    case case_outcome::hang:
      return 'H';
    case case_outcome::exit:
      return 'X';
    case case_outcome::not_run:
      return '-';
  }
  return '?';
}

// Values in the order first seen.
template <class T>
void add_once(std::vector<T>& v, const T& x) {
  if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

// The sizes a class failed at, as runs of consecutive sizes of the form's ascending list:
// "0, 1023..4099 (14 sizes)".
std::string size_ranges(const std::vector<std::uint64_t>& all_ascending,
                        const std::set<std::uint64_t>& failed) {
  std::string out;
  std::size_t i = 0;
  while (i < all_ascending.size()) {
    if (!failed.count(all_ascending[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < all_ascending.size() && failed.count(all_ascending[j + 1])) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(all_ascending[i]);
    if (j > i) out += (j == i + 1 ? ", " : "..") + std::to_string(all_ascending[j]);
    i = j + 1;
  }
  return out + " (" + std::to_string(failed.size()) + " of " +
         std::to_string(all_ascending.size()) + " sizes)";
}

void print_form(std::ostream& os, const std::string& form,
                const std::vector<const case_record*>& cases) {
  std::vector<std::uint64_t> sizes;
  std::vector<std::string> inputs;
  std::map<std::pair<std::uint64_t, std::string>, case_outcome> cell;
  for (const case_record* r : cases) {
    add_once(sizes, r->id.n);
    add_once(inputs, r->id.input);
    cell[{r->id.n, r->id.input}] = r->outcome;
  }
  if (std::all_of(cases.begin(), cases.end(),
                  [](const case_record* r) { return r->outcome == case_outcome::not_run; })) {
    os << "  " << form << ": not run, " << cases.size() << " cases (" << cases.front()->detail
       << ")\n";
    return;
  }
  os << "  " << form << " (rows: n, in the order run; . passed, W wrong, E error, C crash, "
     << "H hang, X exit, - not run)\n";
  std::size_t label = 1;
  for (auto n : sizes) label = std::max(label, std::to_string(n).size());
  os << "    " << std::string(label, ' ');
  for (const auto& in : inputs) os << "  " << in;
  os << "\n";
  for (auto n : sizes) {
    const std::string text = std::to_string(n);
    os << "    " << std::string(label - text.size(), ' ') << text;
    std::string row;
    for (const auto& in : inputs) {
      const auto it = cell.find({n, in});
      row += "  ";
      row += it == cell.end() ? ' ' : symbol(it->second);
      row += std::string(in.size() - 1, ' ');
    }
    os << row.substr(0, row.find_last_not_of(' ') + 1) << "\n";
  }
  // One line per failing case class: its outcome (with how the child ended, for a fault), the
  // input classes and sizes it holds, and its first case with the detail.
  std::vector<std::uint64_t> ascending = sizes;
  std::sort(ascending.begin(), ascending.end());
  using class_key = std::pair<case_outcome, std::string>;
  std::vector<class_key> order;
  std::map<class_key, std::vector<const case_record*>> classes;
  for (const case_record* r : cases) {
    if (r->outcome == case_outcome::passed) continue;
    const bool fault = ended_the_child(r->outcome) || r->outcome == case_outcome::not_run;
    const class_key k{r->outcome, fault ? r->detail : std::string()};
    add_once(order, k);
    classes[k].push_back(r);
  }
  for (const auto& k : order) {
    const auto& members = classes[k];
    std::vector<std::string> in;
    std::set<std::uint64_t> at;
    for (const case_record* r : members) {
      add_once(in, r->id.input);
      at.insert(r->id.n);
    }
    std::string in_text;
    for (const auto& i : in) in_text += (in_text.empty() ? "" : ", ") + i;
    const case_record& first = *members.front();
    os << "    " << to_string(k.first) << " in " << members.size() << " cases: n = "
       << size_ranges(ascending, at) << ", inputs " << in_text << "; first: " << first.id.input
       << " n=" << first.id.n;
    if (first.id.seed) os << " seed=" << first.id.seed;
    if (!first.detail.empty()) os << ": " << first.detail;
    os << "\n";
  }
}

}  // namespace

bool all_passed(const std::vector<case_record>& records) {
  return std::all_of(records.begin(), records.end(),
                     [](const case_record& r) { return r.outcome == case_outcome::passed; });
}

void print_report(std::ostream& os, const std::vector<case_record>& records) {
  // A case recorded twice (a child that died after writing its record, then named again by the
  // parent) counts once: its last record stands.
  std::map<std::uint64_t, const case_record*> latest;
  for (const case_record& r : records) latest[r.id.ordinal] = &r;
  std::map<std::string, std::vector<const case_record*>> by_variant;
  for (const auto& [ordinal, r] : latest) by_variant[r->id.variant].push_back(r);
  for (const auto& [variant, cases] : by_variant) {
    std::uint64_t passed = 0, failed = 0, not_run = 0;
    for (const case_record* r : cases) {
      if (r->outcome == case_outcome::passed)
        ++passed;
      else if (r->outcome == case_outcome::not_run)
        ++not_run;
      else
        ++failed;
    }
    os << "conformance: variant " << variant << ": " << passed << " cases passed, " << failed
       << " failed";
    if (not_run) os << ", " << not_run << " not run";
    os << "\n";
    if (failed + not_run == 0) continue;
    std::vector<std::string> forms;
    std::map<std::string, std::vector<const case_record*>> by_form;
    for (const case_record* r : cases) {
      add_once(forms, r->id.form);
      by_form[r->id.form].push_back(r);
    }
    for (const auto& form : forms) {
      const auto& fc = by_form[form];
      if (std::any_of(fc.begin(), fc.end(),
                      [](const case_record* r) { return r->outcome != case_outcome::passed; }))
        print_form(os, form, fc);
    }
  }
}

}  // namespace parprim::conformance
