#!/usr/bin/env bash
# Call 2 on the GPU machine's host (nothing on the GPU). Issue 33, utf8.md step 17: the
# one-thread probe at 8 MiB twice more, before and after alternated, then tbb_row.yaml (issue
# 33's row alone) four times, before/ (d13717e's cpu_tbb) and the bundle's alternated.
set -u
. scripts/gpu_call_setup.sh host2
D=docs/results/h200host-2026-11-28-utf8-last-byte
lscpu > $OUT/host2/host.txt
chmod +x $B/probe/*
for round in 1 2; do
  for side in before after; do
    timed probe_${side}_$round 60 $B/probe/decode_probe_$side 30 8192 \
      > $OUT/host2/probe_${side}_8192_$round.txt 2>&1
  done
done
keep
OUT=$OUT/host2 timeout 400 bash $B/gpu_ab.sh $D/tbb_row.yaml 2 95 before=$B/before \
  after=$B/lib/parprim
keep
