#!/usr/bin/env bash
# Call 1, on round 31's code (the bundle's REVISION): `gpu_run.sh check` (the device, the
# no-device path, every CUDA plugin's conformance and, when all pass, the GPU attestation),
# then round 31's A/B by scripts/gpu_ab.sh, one run a side (the session's device time went on
# starts that failed): before/ (the attested code's cuda_efficient, built from 71309a7's parent
# with well_formed_bytes.cuh as it was, carried gzipped in .device/before) against round 31
# (the bundle's own).
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round31/call1.sh
set -u
R=docs/results/h100-2026-12-06-utf8-round31
. scripts/gpu_call_setup.sh check ab
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
OUT=$OUT/check timed check 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
OUT=$OUT/ab timed ab 300 bash $B/gpu_ab.sh $R/ab.yaml 1 150 before=.device/before \
  r31=$B/lib/parprim
keep
