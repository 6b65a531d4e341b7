#!/usr/bin/env bash
# Steps 44-45's A/B on this machine: the plugins before step 44 (95f1fbe, built in a worktree of
# it with `cmake --preset default` and the targets parprim_plugin_cpu_seq and
# parprim_plugin_cpu_tbb) against the tree's own, alternated three times in one minute by
# scripts/gpu_ab.sh's loop, run here with the tree's runner (a bundle is not needed on a CPU).
#   bash docs/results/cpu-2core-2026-12-06-zen4/ab.sh BEFORE_LIB_DIR OUT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
before=${1:?the plugins before step 44} out=${2:?the folder for the records}
mkdir -p "$out/before"
cp "$before"/parprim_plugin_cpu_seq.so "$before"/parprim_plugin_cpu_tbb.so "$out/before/"
mkdir -p "$out/bin" && ln -sf "$(pwd)/build/bin/runner" "$out/bin/runner"
cp scripts/gpu_ab.sh "$out/ab.sh"
OUT=$out bash "$out/ab.sh" "$here/steps44_45_ab.yaml" 3 200 before="$out/before" \
  after=build/lib/parprim
