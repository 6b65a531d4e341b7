#!/usr/bin/env bash
# On the GPU machine's host (one thread; nothing on the GPU): intel_paths.cpp (built on the Zen 5
# VM at the revision the README names, static, carried as probe/intel_paths) at 2^24 and 2^26,
# with np.sort beside it.
set -u
mkdir -p $OUT/host
P=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host.txt
{
  date -u
  probe/intel_paths 24 7
  python3 $P/np_sort.py 24 5
  probe/intel_paths 26 3
  python3 $P/np_sort.py 26 3
  probe/intel_paths 24 7
  date -u
} > $OUT/host/paths.txt 2>&1
cat $OUT/host/paths.txt
