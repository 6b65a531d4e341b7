#!/usr/bin/env bash
# Call 6 on the GPU machine's host (nothing on the GPU). Issue 33's row once more on step 17's
# code (the bundle's cpu_tbb, 8356544's decoder), at another hour: tbb_row.yaml three times.
set -u
. scripts/gpu_call_setup.sh host6
D=docs/results/h200host-2026-11-28-utf8-last-byte
for i in 1 2 3; do
  timed row_$i 80 $B/bin/runner $D/tbb_row.yaml --plugin-path $B/lib/parprim --no-progress \
    --no-console --json $OUT/host6/row_$i.json --markdown $OUT/host6/row_$i.md \
    > $OUT/host6/row_$i.log 2>&1
  keep
done
