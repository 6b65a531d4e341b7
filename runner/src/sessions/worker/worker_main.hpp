// The worker process: the runner re-executed as `runner --worker PLUGIN SETTINGS_JSON`. It
// loads one plugin, says what it declares, then validates and times the records the runner
// sends over the shared inputs, until the runner lets it go or a record fails.
#pragma once

namespace parprim::runner::worker {

/// The whole life of a worker; returns its exit status.
int worker_main(int argc, char** argv);

}  // namespace parprim::runner::worker
