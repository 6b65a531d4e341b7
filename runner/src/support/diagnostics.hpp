// Problems found while reading a config or running a sweep, each with the exit status it
// implies. Problems are collected rather than thrown, so one bad entry does not stop the rest.
#pragma once

#include <string>
#include <vector>

namespace parprim::runner {

/// Exit statuses of the runner (docs/runner.md). When several kinds of problem occur, the
/// highest-priority one wins: validation failure, then a missing backend, then a bad config.
enum exit_code : int {
  exit_ok = 0,
  exit_validation_failed = 1,
  exit_bad_config = 2,
  exit_backend_not_loaded = 3,
};

struct diagnostic {
  exit_code code;       // exit_ok for a warning that changes no exit status
  std::string message;  // one line naming the file:line:column, plugin or value at fault
};

class diagnostics {
 public:
  void add(exit_code code, std::string message) { items_.push_back({code, std::move(message)}); }
  const std::vector<diagnostic>& items() const { return items_; }
  bool has(exit_code code) const {
    for (const auto& d : items_)
      if (d.code == code) return true;
    return false;
  }
  void append(const diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
  }
  exit_code worst() const {
    for (exit_code c : {exit_validation_failed, exit_backend_not_loaded, exit_bad_config})
      if (has(c)) return c;
    return exit_ok;
  }

 private:
  std::vector<diagnostic> items_;
};

}  // namespace parprim::runner
