#!/usr/bin/env bash
# README command 2: installs the dependencies, builds, and runs every test: the unit tests, the
# conformance suite over every built plugin, and `runner configs/ci.yaml`, which cross-validates
# every backend. CUDA plugins built here report "unavailable" without a GPU and are skipped.
# Then the whole suite again under ASan and UBSan (preset `asan`, no CUDA), and the config
# reader's fuzzer: its corpus replayed, then 60 s of fuzzing (docs/isolation.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each phase's wall time goes to the log, so that a slow CI run says where its time went.
phase() {
  local start=$SECONDS
  "$@"
  echo "== run_tests.sh: '$*' took $((SECONDS - start)) s"
}
phase bash scripts/install_deps.sh
phase bash scripts/build.sh default
phase ctest --preset default
phase bash scripts/build.sh asan
# The asan test preset keeps LeakSanitizer off dynamic TLS (its tracer crashed scanning a
# plugin's) and runs each test under tests/sanitizers/rerun_on_lsan_tracer_crash.sh, which
# reruns a test only when the tracer, not the test, failed (docs/decisions.md).
phase ctest --preset asan
phase bash scripts/run_fuzzers.sh 60
