#!/usr/bin/env bash
# On the GPU machine's host (one thread; nothing on the GPU): the in-place partitions probe of
# docs/results/cpu-2core-2026-12-01-zen5-sort (built on the Zen 5 at a83879d, static, carried in
# probe/) at 2^24 and 2^26, with the limits 8192 and 256 (np-like), and np.sort beside it.
set -u
mkdir -p $OUT/host
Z=docs/results/cpu-2core-2026-12-01-zen5-sort
P=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host.txt
{
  probe/inplace_top_probe 24 8
  probe/inplace_top_probe 26 4
  python3 $P/np_sort.py 24 5
  python3 $P/np_sort.py 26 3
  probe/inplace_top_probe 24 6
  date -u
} > $OUT/host/inplace.txt 2>&1
cat $OUT/host/inplace.txt
