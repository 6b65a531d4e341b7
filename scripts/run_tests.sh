#!/usr/bin/env bash
# README command 2: installs the dependencies, builds, and runs every test: the unit tests, the
# conformance suite over every built plugin, and `runner configs/ci.yaml`, which cross-validates
# every backend. CUDA plugins built here report "unavailable" without a GPU and are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bash scripts/build.sh default
ctest --preset default
