#include "support/interruption.hpp"

#include <signal.h>

#include <csignal>

namespace parprim::runner {
namespace {

volatile std::sig_atomic_t stop_signal = 0;

void on_signal(int signal) {
  stop_signal = signal;
  // The next one gets the default action: a user who presses Ctrl-C twice means it.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigaction(signal, &dfl, nullptr);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: poll() returns EINTR
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  // A worker that dies while being written to must not take the runner with it.
  signal(SIGPIPE, SIG_IGN);
}

bool interrupted() {
  return stop_signal != 0;
}

int interrupt_signal() {
  return stop_signal;
}

}  // namespace parprim::runner
