#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): two probes of the split on Intel's cores
# (cpu_sort.md, "Issue 35 on Zen 4", the probes after step 42), built here and carried with
# libtbb in probe/host_call4:
#   line_store_probe_21, _23: ../cpu-2core-2026-12-04-zen4/line_store_probe.cpp with -DSHIFT=21
#     and 23 (2048 and 512 buckets);
#   split_bits_ab_9, _10: ../cpu-2core-2026-12-03-zen3-wide-digits/step39_ab.cpp with
#     -DSPLIT_BITS=9 and 10, on the code of 25a3267.
#   run carry ["probe/host_call4"], command: bash docs/results/h200host-2026-12-04-split-probes/call.sh
set -u
P=probe/host_call4
export LD_LIBRARY_PATH=$PWD/$P
mkdir -p "$OUT/host"
{ lscpu; nproc; date -u; } > "$OUT/host/host.txt"
{
  for round in 1 2; do
    for args in "21 24 9" "23 24 9" "21 26 5"; do
      set -- $args
      echo "== line_store_probe_$1 $2 $3 ($(date -u +%H:%M:%S) UTC)"
      timeout 60 $P/line_store_probe_$1 $2 $3
    done
  done
} 2>&1 | tee "$OUT/host/line_store_probe.txt"
{
  for round in 1 2; do
    for bits in 9 10; do
      echo "== split_bits_ab_$bits u32 keys 24 9 ($(date -u +%H:%M:%S) UTC)"
      timeout 90 $P/split_bits_ab_$bits u32 keys 24 9
    done
  done
} 2>&1 | tee "$OUT/host/split_bits_ab.txt"
date -u
