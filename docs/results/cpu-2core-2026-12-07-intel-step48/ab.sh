#!/usr/bin/env bash
# Step 48 on this Intel VM through the runner: the plugins of 734e133 (before the step; built
# here with `cmake --preset default`, targets parprim_plugin_cpu_seq and parprim_plugin_cpu_tbb,
# in a worktree of that commit) and of the tree, alternated by scripts/gpu_ab.sh with the tree's
# runner: two rounds in that order, then two in the reverse order.
#   bash docs/results/cpu-2core-2026-12-07-intel-step48/ab.sh BEFORE_DIR OUT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
before=${1:?plugins of 734e133} out=${2:?the folder for the records}
mkdir -p "$out/bin" && ln -sf "$(pwd)/build/bin/runner" "$out/bin/runner"
cp scripts/gpu_ab.sh "$out/ab.sh"
config=$here/../cpu-2core-2026-12-06-zen4/steps44_45_ab.yaml
OUT=$out/forward bash "$out/ab.sh" "$config" 2 200 before="$before" step48=build/lib/parprim
OUT=$out/reverse bash "$out/ab.sh" "$config" 2 200 step48=build/lib/parprim before="$before"
