#!/usr/bin/env bash
# README command 1: installs the dependencies, builds, and runs the main job
# `runner configs/sweep.yaml` (tables on the console; JSON, CSV and Markdown under results/).
# Extra arguments go to the runner, e.g. --quick or --backends cpu_seq.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
bash scripts/build.sh default
exec build/bin/runner configs/sweep.yaml "$@"
