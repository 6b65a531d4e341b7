#!/usr/bin/env bash
# Call 5 on the GPU machine's host (nothing on the GPU): scaling.yaml once with the final code
# (95e153e's plugins): where cpu_tbb's 16-thread rows of issues 33 and 35 stop scaling.
set -u
. scripts/gpu_call_setup.sh host5
timed scaling 300 $B/bin/runner docs/results/h200host-2026-11-28-held-parts/scaling.yaml \
  --plugin-path $B/lib/parprim --no-progress --no-console --json $OUT/host5/scaling.json \
  --markdown $OUT/host5/scaling.md > $OUT/host5/scaling.log 2>&1
keep
