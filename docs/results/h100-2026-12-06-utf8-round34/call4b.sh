#!/usr/bin/env bash
# Call 4b: `gpu_run.sh check` of the bundle of the form call 4 kept (B: `bundle` for R8c,
# `.device/bundle_R8m` for R8m): every CUDA plugin's conformance and, when all pass, the
# attestation of that form's sources.
#   run carry ["bundle" or ".device/bundle_R8m"], command:
#   B=... bash docs/results/h100-2026-12-06-utf8-round34/call4b.sh
set -u
. scripts/gpu_call_setup.sh check
cat $B/REVISION
OUT=$OUT/check timed check 300 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
