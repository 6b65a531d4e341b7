#!/usr/bin/env bash
# Second call: the same probe/intel16/tbb_ab on 16, 8 and 2 threads over sizes, each twice, with
# np.sort beside it.
set -u
mkdir -p $OUT/host
P=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host2.txt
export LD_LIBRARY_PATH=$PWD/probe/intel16
{
  date -u
  for pass in 1 2; do
    for s in 22 23 24 25 26; do probe/intel16/tbb_ab u32 $s 5 16 | tail -1; done
    for s in 24 26; do probe/intel16/tbb_ab u32 $s 5 8 | tail -1; done
    for s in 24 26; do probe/intel16/tbb_ab u32 $s 3 2 | tail -1; done
  done
  python3 $P/np_sort.py 24 3
  python3 $P/np_sort.py 26 3
  date -u
} > $OUT/host/sizes.txt 2>&1
cat $OUT/host/sizes.txt
