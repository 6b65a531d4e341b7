#!/usr/bin/env bash
# Issue 34's rows for the attested code: status_2p28.yaml, then status_2p24.yaml, within LEFT
# seconds (default 585), on the bundle of 2ae1ff0 whose GPU sources are the attested ones (digest
# 109d856447bf4bc9). Round 36's call (../h100-2026-12-07-utf8-round36/call1.sh) ends with it.
# Alone:
#   bash scripts/device_tree.sh stage h100-2026-12-07-utf8-status
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-status/call.sh
set -u
start=$(date +%s) budget=${LEFT:-585}
status_here=docs/results/h100-2026-12-07-utf8-status
. scripts/gpu_call_setup.sh tables
cat $B/REVISION
for size in 2p28 2p24; do
  left=$((budget - ($(date +%s) - start)))
  [ $left -gt 60 ] || break
  timed "status_$size" $left $B/bin/runner $status_here/status_$size.yaml --no-progress \
    --no-console --json $OUT/tables/status_$size.json --markdown $OUT/tables/status_$size.md \
    > $OUT/tables/runner_$size.log 2>&1
  tail -2 $OUT/tables/runner_$size.log; keep
done
