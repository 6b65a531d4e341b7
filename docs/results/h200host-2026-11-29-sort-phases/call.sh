#!/usr/bin/env bash
# On the GPU machine's host (one thread; nothing on the GPU): phases_probe (built here, static,
# carried in probe/) at 2^24 and 2^26, np.sort at the same sizes, then the probe at 2^24 again.
set -u
mkdir -p $OUT/host
D=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host.txt
{
  probe/phases_probe 24 6
  probe/phases_probe 26 4
  python3 $D/np_sort.py 24 6
  python3 $D/np_sort.py 26 4
  probe/phases_probe 24 4
  date -u
} > $OUT/host/phases.txt 2>&1
cat $OUT/host/phases.txt
