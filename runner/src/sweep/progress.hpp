// A one-line progress indicator on stderr, shown only when stderr is a terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace parprim::runner {

class progress {
 public:
  progress(std::size_t total, bool enabled);
  ~progress();
  void step(const std::string& what);  // begins the next state
  void finish();                       // clears the line

 private:
  std::size_t total_, done_ = 0;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
};

/// Whether stderr is a terminal (progress is off otherwise, e.g. in CI logs).
bool stderr_is_terminal();

}  // namespace parprim::runner
