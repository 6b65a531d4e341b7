#!/usr/bin/env bash
# README command 2: installs the dependencies, builds, and runs every test: the unit tests, the
# conformance suite over every built plugin, and `runner configs/ci.yaml`, which cross-validates
# every backend. CUDA plugins built here report "unavailable" without a GPU and are skipped.
# Then the whole suite again under ASan and UBSan (preset `asan`, no CUDA), and the config
# reader's fuzzer: its corpus replayed, then 60 s of fuzzing (docs/isolation.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bash scripts/build.sh default
ctest --preset default
bash scripts/build.sh asan
# The asan test preset reruns a failed test once: LeakSanitizer's tracer crashes now and then
# at a passing test's exit on these machines ("Tracer caught signal 11", seen in three clean-clone
# runs, each time in a different test); a failure that happens twice still fails the run.
ctest --preset asan
bash scripts/run_fuzzers.sh 60
