#!/usr/bin/env bash
# Steps 46 and the huge pages on this Intel VM: the plugins of step 45 (e93bf90), of step 46
# before the huge pages (597cbe0) and of the tree, each built here (`cmake --preset default`,
# targets parprim_plugin_cpu_seq and parprim_plugin_cpu_tbb, in a worktree of each commit),
# alternated by scripts/gpu_ab.sh with the tree's runner: two rounds in that order, then two in
# the reverse order, so that a side's place in a round weighs on every side alike.
#   bash docs/results/cpu-2core-2026-12-07-intel/ab.sh STEP45_DIR STEP46_DIR OUT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
s45=${1:?plugins of e93bf90} s46=${2:?plugins of 597cbe0} out=${3:?the folder for the records}
mkdir -p "$out/bin" && ln -sf "$(pwd)/build/bin/runner" "$out/bin/runner"
cp scripts/gpu_ab.sh "$out/ab.sh"
config=$here/../cpu-2core-2026-12-06-zen4/steps44_45_ab.yaml
OUT=$out/forward bash "$out/ab.sh" "$config" 2 200 s45="$s45" s46="$s46" tree=build/lib/parprim
OUT=$out/reverse bash "$out/ab.sh" "$config" 2 200 tree=build/lib/parprim s46="$s46" s45="$s45"
