#!/usr/bin/env bash
# Call 2 (2026-12-06, after call.sh's runner A/B, whose sides the host's drift swamped: VQSort,
# the same code on both sides, 0.94-1.19x between them): step 46 by the in-process probe of
# ../cpu-2core-2026-12-06-zen4-step46/step46_ab.cpp, built on the CPU machine at the tree of
# step 46 (the binary carried in .device/probe), its two policies alternated round by round in
# one process, so that a drift of minutes meets both sides alike. The split without a count is
# the host's own path (in_place_partitions false there); cpu_tbb's 2 threads forced to it.
#   run carry ["bundle", ".device"], command: bash docs/results/h100host-2026-12-06-step46/call2.sh
set -u
. scripts/gpu_call_setup.sh probe
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/probe/host.txt
for run in 1 2 3; do
  timed "probe 2^24 run $run" 60 .device/probe/step46_ab 24 21 | tee -a $OUT/probe/step46_ab.txt
done
keep
for run in 1 2; do
  timed "probe 2^26 run $run" 90 .device/probe/step46_ab 26 9 | tee -a $OUT/probe/step46_ab.txt
done
keep
