#!/usr/bin/env bash
# On the GPU machine's host (issue 35), after call.sh: which of cpu_seq's phases carries the
# process-to-process swing. ../h200host-2026-11-29-sort-phases/phases_probe.cpp, built here
# (g++ -std=c++20 -O3 -DNDEBUG -Icore/include -Iplugins/host_common/include
#  docs/results/h200host-2026-11-29-sort-phases/phases_probe.cpp build/core/libparprim_core.a
#  -static-libstdc++ -static-libgcc -o .device/phases_probe), as 24 processes in turn, 2^24 keys,
# 5 rounds each (round 0 pays the first touch; phases.py takes the median of rounds 1-4).
#   run carry [".device/phases_probe"], command:
#   bash docs/results/gpuhost-2026-12-07-process-swing/call2.sh
set -u
: "${OUT:?OUT is the folder the device brings back}"
{ lscpu; date -u; } > $OUT/host2.txt 2>&1
for i in $(seq 1 24); do
  echo "process $i"
  timeout 30 .device/phases_probe 24 5
done > $OUT/phases.txt 2>&1
date -u >> $OUT/host2.txt
tail -3 $OUT/phases.txt
