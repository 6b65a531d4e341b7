#!/usr/bin/env bash
# Runs on the GPU machine from the repository root, after scripts/bundle.sh made bundle/ here
# and it was carried there. Builds nothing: validates and times everything, and writes the
# results (device, date, command, logs, JSON, Markdown) under $OUT (default results/gpu).
#
#   bash bundle/gpu_run.sh [all|check|perf|sweep]
#     check: the device, the no-device path and conformance; perf: configs/gpu.yaml;
#     sweep: configs/sweep.yaml; all (default): the three in turn.
set -uo pipefail
B=bundle
OUT="${OUT:-results/gpu}"
mkdir -p "$OUT"
status=0
step() { echo; echo "=== $*"; }

what="${1:-all}"
step "device"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "command: bash bundle/gpu_run.sh $*"
  echo "git revision: $(cat "$B/REVISION" 2>/dev/null || echo unknown)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nproc | sed 's/^/host cpus: /'
} | tee "$OUT/device.txt"

if [ "$what" = all ] || [ "$what" = check ]; then
  step "a CUDA plugin with no visible device reports unavailable"
  CUDA_VISIBLE_DEVICES= "$B/bin/runner" --list 2>&1 | grep -E "^(thrust|cuda_)|unavailable" | tee "$OUT/no_device.txt"

  step "conformance of the CUDA plugins (not skipped here)"
  plugins=$(ls "$B"/lib/parprim/parprim_plugin_{thrust,cuda_}*.so 2>/dev/null | tr '\n' ':')
  PARPRIM_CONFORMANCE_PLUGINS="$plugins" "$B/bin/conformance" 2>&1 | tee "$OUT/conformance.log" | tail -5
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi

if [ "$what" = all ] || [ "$what" = perf ]; then
  step "runner configs/gpu.yaml: the GPU figures (int32/uint32, 2^16..2^28)"
  "$B/bin/runner" "$B/configs/gpu.yaml" --no-progress --backends "${GPU_BACKENDS:-thrust}" \
    --json "$OUT/gpu.json" --markdown "$OUT/gpu.md" > "$OUT/gpu.txt" 2>&1 || status=1
  tail -80 "$OUT/gpu.txt"
fi

if [ "$what" = all ] || [ "$what" = sweep ]; then
  step "runner configs/sweep.yaml: the main job"
  "$B/bin/runner" "$B/configs/sweep.yaml" --no-progress \
    --json "$OUT/sweep.json" --markdown "$OUT/sweep.md" || status=1
fi
exit $status
