// Ctrl-C and SIGTERM: the first asks the runner to stop its workers and write what it has
// (records of finished states are never lost); a second one ends the runner at once.
#pragma once

namespace parprim::runner {

/// Installs the handlers (without SA_RESTART, so that a wait for a worker returns at once).
void install_interrupt_handlers();
/// Whether a stop was asked for, and by which signal (0: none).
bool interrupted();
int interrupt_signal();

/// Thrown where a wait is cut short by a stop request.
struct interrupted_error {};

}  // namespace parprim::runner
