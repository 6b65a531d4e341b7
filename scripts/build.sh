#!/usr/bin/env bash
# Configures and builds parprim with a CMake preset (default: "default", a Release build in
# build/). Usage: scripts/build.sh [PRESET]
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
