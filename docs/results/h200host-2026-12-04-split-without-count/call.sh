#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): cpu_sort.md step 42, cpu_tbb's split with no
# count against its counted split on the host's Intel cores. The probe is
# docs/results/cpu-2core-2026-12-03-zen3-tbb-chunks/step38_ab.cpp built here with -DANY_CPU
# (its build line), carried with libtbb.so.12 in probe/host_call (the host has no TBB):
#   run carry ["probe/host_call"], command: bash docs/results/h200host-2026-12-04-split-without-count/call.sh
set -u
P=probe/host_call
export LD_LIBRARY_PATH=$PWD/$P
mkdir -p "$OUT/host"
{ lscpu; nproc; date -u; git rev-parse HEAD 2>/dev/null; } > "$OUT/host/host.txt"
for args in "26 7 16" "26 7 2" "26 7 16" "26 7 2" "26 7 16"; do
  echo "== probe/step40_ab $args ($(date -u +%H:%M:%S) UTC)"
  timeout 120 $P/step40_ab $args
  echo "exit $?"
done 2>&1 | tee "$OUT/host/step42_ab.txt"
date -u
