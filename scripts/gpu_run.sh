#!/usr/bin/env bash
# Runs on the GPU machine from the repository root, after scripts/bundle.sh made bundle/ here
# and it was carried there. Builds nothing: validates and times everything, and writes the
# results (device, date, command, logs, JSON, Markdown) under $OUT (default results/gpu).
#
#   bash bundle/gpu_run.sh [all|check|template|perf|large|sweep|cpu]
#     check: the device, the no-device path and conformance of the CUDA plugins;
#     template: the out-of-tree plugin template's CUDA plugin (examples/plugin_template),
#     through the conformance suite and its runner config beside thrust/cub;
#     perf: configs/gpu.yaml; large: configs/gpu_large.yaml (past 2^31 elements);
#     sweep: configs/sweep.yaml; cpu: the CPU figures on this host's cores
#     (configs/cpu_2p26.yaml, configs/cpu_tbb_threads.yaml); all (default): each in turn.
# Each stage writes its JSON and Markdown under $OUT; the device and conformance logs come
# from `check`.
set -uo pipefail
B=bundle
OUT="${OUT:-results/gpu}"
mkdir -p "$OUT"
status=0
step() { echo; echo "=== $*"; }

what="${1:-all}"
want() { [ "$what" = all ] || [ "$what" = "$1" ]; }
gpu_backends="${GPU_BACKENDS:-thrust,cuda_naive,cuda_efficient}"
runner() {  # runner CONFIG NAME [args]: JSON and Markdown as $OUT/NAME.*, the tables on stdout
  local config=$1 name=$2
  shift 2
  "$B/bin/runner" "$B/configs/$config" --no-progress --json "$OUT/$name.json" \
    --markdown "$OUT/$name.md" "$@" || status=1
}
step "device"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "command: bash bundle/gpu_run.sh $*"
  echo "git revision: $(cat "$B/REVISION" 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nproc | sed 's/^/host cpus: /'
} | if want check; then tee "$OUT/device.txt"; else cat; fi

if want check; then
  {
    echo "a CUDA plugin with no visible device reports unavailable:"
    CUDA_VISIBLE_DEVICES= "$B/bin/runner" --list 2>&1 | grep -E "^(thrust|cuda_)|unavailable"
  } | tee -a "$OUT/device.txt"
  step "conformance of the CUDA plugins (not skipped here)"
  plugins=$(ls "$B"/lib/parprim/parprim_plugin_{thrust,cuda_}*.so 2>/dev/null | tr '\n' ':')
  PARPRIM_CONFORMANCE_PLUGINS="$plugins" "$B/bin/parprim-conformance" 2>&1 | tee "$OUT/conformance.log" | tail -5
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi
if want template; then
  step "the plugin template's CUDA plugin, built out of tree: conformance and runner"
  T="$B/examples/plugin_template"
  "$B/bin/parprim-conformance" --plugins "$T/build/lib/parprim" 2>&1 |
    tee "$OUT/template_conformance.log" | grep -E "^conformance:|passed|failed"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  "$B/bin/runner" "$T/my_scan_cuda.yaml" --no-progress --json "$OUT/template_cuda.json" \
    --markdown "$OUT/template_cuda.md" | tail -3
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi
if want perf; then
  step "runner configs/gpu.yaml: the GPU figures (int32/uint32, 2^16..2^28)"
  runner gpu.yaml gpu --backends "$gpu_backends"
fi
if want large; then
  step "runner configs/gpu_large.yaml: past 2^31 elements"
  runner gpu_large.yaml gpu_large
fi
if want sweep; then
  step "runner configs/sweep.yaml: the main job"
  runner sweep.yaml sweep > /dev/null
  tail -3 "$OUT/sweep.md"
fi
if want cpu; then
  step "the CPU figures on this host's $(nproc) cores"
  runner cpu_2p26.yaml cpu_2p26
  runner cpu_tbb_threads.yaml cpu_tbb_threads
fi
exit $status
