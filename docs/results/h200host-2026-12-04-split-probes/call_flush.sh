#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): ../cpu-2core-2026-12-04-zen4/flush_probe.cpp,
# built here (with and without -DNO_BRANCH) and carried in probe/host_call5: the split's loop
# against forms without its per-key branch, and the loop's bound with neither branch nor flush.
#   run carry ["probe/host_call5"], command: bash docs/results/h200host-2026-12-04-split-probes/call_flush.sh
set -u
P=probe/host_call5
mkdir -p "$OUT/host"
{
  for round in 1 2 3; do
    for probe in flush_probe flush_probe_nb; do
      for args in "24 9" "26 5"; do
        echo "== $probe $args ($(date -u +%H:%M:%S) UTC)"
        timeout 60 $P/$probe $args
      done
    done
  done
} 2>&1 | tee "$OUT/host/flush_probe.txt"
date -u
