#include "sweep/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace parprim::runner {

bool stderr_is_terminal() {
  return isatty(fileno(stderr)) != 0;
}

progress::progress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

progress::~progress() {
  finish();
}

void progress::step(const std::string& what) {
  ++done_;
  if (!enabled_) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // Only after a moment, so that quick runs print nothing.
  if (elapsed < 2.0 && !shown_) return;
  std::fprintf(stderr, "\r\033[K[%zu/%zu %.0fs] %s", done_, total_, elapsed, what.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void progress::finish() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace parprim::runner
